// The figures of the performance goals (docs/performance.md), recorded by the benches as they
// measure them and printed together at the end of `npm run bench`, each beside its goal.
export interface Figure {
  /** What is measured, as docs/performance.md names it. */
  name: string;
  value: string;
  goal: string;
  /** Whether the goal is met; undefined when it cannot be told (a figure missing). */
  met?: boolean | undefined;
}

const figures: Figure[] = [];

export function recordFigure(figure: Figure): void {
  figures.push(figure);
}

/** The recorded figures as a table; the figures of benches not run are left out. */
export function printFigures(): void {
  if (figures.length === 0) return;
  const width = Math.max(...figures.map((f) => f.name.length));
  const valueWidth = Math.max(...figures.map((f) => f.value.length));
  console.info('\nFigures and goals:');
  for (const f of figures) {
    const mark = f.met === undefined ? '  ' : f.met ? 'ok' : '--';
    console.info(
      `${mark} ${f.name.padEnd(width)}  ${f.value.padStart(valueWidth)}   goal ${f.goal}`,
    );
  }
}
