// The figures of one run of the web bench (bench/web.ts): printed as a table, a column for each
// server measured, and recorded with their goals (bench/figures.ts).
import { recordFigure } from './figures';

/** One visit's moments, in ms from the time taken before `page.goto`, and its bytes. */
export interface Visit {
  firstCard: number;
  lcp: number;
  bytes: number;
  /** The warm visit's time to interactive: the first card's menu opens. */
  interactive?: number | undefined;
  /** The warm visit's time to the page hydrated by the portal's script. */
  hydrated?: number | undefined;
  /** A new visitor's first card from the moment the sign-in form is sent. */
  fromSubmission?: number | undefined;
}

/**
 * A server's figures: the visits of median first-card time, and the medians of the time to
 * interactive, to hydration and of a new visitor's first card from the form's submission.
 */
export interface WebFigures {
  warm: Visit;
  cold: Visit;
  newVisitor: Visit;
  interactive: number;
  hydrated: number;
  fromSubmission: number;
}

const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
const s = (ms: number) => (Number.isNaN(ms) ? '—' : `${(ms / 1000).toFixed(2)} s`);

/** Prints the figures as a table: one row per figure, a column per server, then the goal. */
export function printWebTable(labels: string[], figures: WebFigures[]): void {
  const rows: [string, (f: WebFigures) => string, string][] = [
    ['warm: first policy card', (f) => s(f.warm.firstCard), '≤ 1.0 s'],
    ['warm: time to interactive (menu opens)', (f) => s(f.interactive), '≤ 1.5 s'],
    ['warm: page hydrated', (f) => s(f.hydrated), '—'],
    ['warm: LCP', (f) => s(f.warm.lcp), '—'],
    ['warm: bytes on the wire', (f) => kb(f.warm.bytes), '—'],
    ['cold: first policy card', (f) => s(f.cold.firstCard), '—'],
    ['cold: LCP', (f) => s(f.cold.lcp), '—'],
    ['cold: bytes on the wire', (f) => kb(f.cold.bytes), '—'],
    ['new visitor: first card, from the form sent', (f) => s(f.fromSubmission), '≤ 3.0 s'],
    ['new visitor: first card, from the address', (f) => s(f.newVisitor.firstCard), '—'],
    ['new visitor: LCP', (f) => s(f.newVisitor.lcp), '—'],
    ['new visitor: bytes on the wire', (f) => kb(f.newVisitor.bytes), '—'],
  ];
  const table = [
    ['figure', ...labels, 'goal'],
    ...rows.map(([name, value, goal]) => [name, ...figures.map(value), goal]),
  ];
  const widths = table[0]!.map((_, c) => Math.max(...table.map((row) => row[c]!.length)));
  for (const row of table)
    console.info(
      `  ${row.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('   ')}`,
    );
}

/** The figures with a goal; `suffix` names an earlier commit's (nothing for the current code). */
export function recordWebFigures(suffix: string, f: WebFigures): void {
  recordFigure({
    name: `first policy card, Fast 3G + 4× CPU, returning customer${suffix}`,
    value: s(f.warm.firstCard),
    goal: '≤ 1.0 s',
    met: f.warm.firstCard <= 1000,
  });
  recordFigure({
    name: `the same, a new visitor, from the sign-in form's submission${suffix}`,
    value: s(f.fromSubmission),
    goal: '≤ 3.0 s',
    met: f.fromSubmission <= 3000,
  });
  recordFigure({
    name: `time to interactive (the first card's menu opens), returning customer${suffix}`,
    value: s(f.interactive),
    goal: '≤ 1.5 s',
    met: f.interactive <= 1500,
  });
}
