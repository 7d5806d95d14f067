// The API figures from one run of the api bench (bench/api.ts): the reads on PostgreSQL
// as ratios to bare Fastify in the same run, their p99, and PGlite against PostgreSQL.
import { recordFigure } from './figures';

export type Stats = (read: string, target: string) => { rps: number; p99: number } | undefined;

/** The API figures: ratios to bare Fastify in this run, p99s (bench/figures.ts). */
export function recordApiFigures(stats: Stats): void {
  const ratio = (read: string, target: string, to: string) => {
    const a = stats(read, target);
    const b = stats(read, to);
    return a && b ? a.rps / b.rps : undefined;
  };
  const show = (n: number | undefined, digits: number) =>
    n === undefined ? 'n/a' : n.toFixed(digits);
  const policies = ratio('policies', 'PostgreSQL', 'bare');
  const policiesP99 = stats('policies', 'PostgreSQL')?.p99;
  recordFigure({
    name: 'GET policies on PostgreSQL, ratio to bare / p99',
    value: `${show(policies, 3)} / ${show(policiesP99, 0)} ms`,
    goal: '≥ 0.30 / < 25 ms',
    met:
      policies === undefined || policiesP99 === undefined
        ? undefined
        : policies >= 0.3 && policiesP99 < 25,
  });
  const account = ratio('account', 'PostgreSQL', 'bare');
  recordFigure({
    name: 'GET account on PostgreSQL, ratio to bare',
    value: show(account, 3),
    goal: '≥ 0.12',
    met: account === undefined ? undefined : account >= 0.12,
  });
  const pglite = ratio('policies', 'PGlite', 'PostgreSQL');
  const pgliteP99 = stats('policies', 'PGlite')?.p99;
  recordFigure({
    name: 'PGlite ÷ PostgreSQL, policies / PGlite p99',
    value: `${show(pglite, 2)} / ${show(pgliteP99, 0)} ms`,
    goal: '≥ 0.9 / < 50 ms',
    met:
      pglite === undefined || pgliteP99 === undefined ? undefined : pglite >= 0.9 && pgliteP99 < 50,
  });
}
