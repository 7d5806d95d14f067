// docs/performance.md holds the latest figures and how to measure them, not their history: how a
// figure moved, run by run and machine by machine, is in git and in the decision records
// (docs/decisions/0165-the-gate-is-budgeted-in-cpu-time.md). The page had grown into a dated
// diary of 629 lines (« A fourth machine, the same night (2026-11-27, 20:40–23:40 UTC) », runs
// « at 05a8503 », tables « run on that machine »): these rules fail on it, and on the README's
// « Test » section that had started one again. A new run replaces the figure in its table. The page
// also names every bench `npm run bench` knows, with its command.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const repo = path.resolve(import.meta.dirname, '../../../..');
const MAX_LINES = 150;

/** What marks a diary entry rather than a figure that holds today. */
const DIARY: Record<string, RegExp> = {
  'a date': /\b(?:19|20)\d\d-\d\d-\d\d\b/,
  'a day and month': new RegExp(
    String.raw`\b\d{1,2}(?:st|nd|rd|th|er)? (?:January|February|March|April|May|June|July|` +
      String.raw`August|September|October|November|December|janvier|février|mars|avril|mai|` +
      String.raw`juin|juillet|août|septembre|octobre|novembre|décembre)\b`,
    'i',
  ),
  'a time of day': /(?<![\d.:])(?:[01]?\d|2[0-3]):[0-5]\d(?![\d:])|\bUTC\b/,
  'a machine told apart from others': new RegExp(
    String.raw`\b(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|` +
      String.raw`twelfth|\d+(?:st|nd|rd|th)|this|that|another)\s+(?:[\w-]+\s+){0,2}machines?\b`,
    'i',
  ),
  'a part of a day': /\b(?:this|that|the same|the next) (?:morning|afternoon|evening|night|day)\b/i,
  'a commit': /\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{7,40}\b/,
};

/** Each line of `text` that reads as a diary entry, with the rule it breaks. */
function diaryLines(text: string): string[] {
  return text.split('\n').flatMap((line, i) =>
    Object.entries(DIARY)
      .filter(([, rule]) => rule.test(line))
      .map(([what]) => `line ${i + 1} (${what}): ${line.trim().slice(0, 80)}`),
  );
}

/** The benches `npm run bench` runs, as bench/run-all.ts names them. */
function benches(): string[] {
  const runAll = readFileSync(path.join(repo, 'bench/run-all.ts'), 'utf8');
  const table = /const BENCHES[^{]*\{([^}]*)\}/.exec(runAll)?.[1] ?? '';
  return [...table.matchAll(/^\s*'?([\w-]+)'?:\s*report\w+,/gm)].map(([, name]) => name!);
}

describe('docs/performance.md', () => {
  const page = readFileSync(path.join(repo, 'docs/performance.md'), 'utf8');

  it(`holds at most ${MAX_LINES} lines`, () => {
    expect(page.trimEnd().split('\n').length).toBeLessThanOrEqual(MAX_LINES);
  });

  it('has no dated section, no run told by its hour, machine or commit', () => {
    expect(diaryLines(page)).toEqual([]);
  });

  it('tells a diary line from a figure', () => {
    expect(
      diaryLines('**A fourth machine, the same night (2026-11-27, 20:40–23:40 UTC).**'),
    ).toEqual([
      expect.stringContaining('(a date)'),
      expect.stringContaining('(a time of day)'),
      expect.stringContaining('(a machine told apart from others)'),
      expect.stringContaining('(a part of a day)'),
    ]);
    expect(diaryLines('| `npm test` at 05a8503, caches warm | 10:11 |')).toHaveLength(2);
    const figures = [
      '| first policy card, returning customer | 0.77 s | ≤ 1.0 s | `npm run bench -- web` |',
      '| `npm test` | 8 min 55 s | 997 CPU-s |',
      'PostgreSQL legs run when 127.0.0.1:5432 answers; judge a goal on a quiet machine.',
    ];
    expect(figures.flatMap(diaryLines)).toEqual([]);
  });

  it('is the one page of figures: the README’s « Test » section tells no run either', () => {
    const readme = readFileSync(path.join(repo, 'README.md'), 'utf8');
    const test = /^## Test\n([\s\S]*?)(?=^## )/m.exec(readme)?.[1];
    expect(test).toContain('npm test');
    expect(diaryLines(test!)).toEqual([]);
  });

  it('names each bench with the command that runs it', () => {
    const names = benches();
    expect(names).toContain('first-screen');
    expect(names.length).toBeGreaterThanOrEqual(10);
    const missing = names.filter((name) => !page.includes(`npm run bench -- ${name}\``));
    expect(missing).toEqual([]);
  });
});
