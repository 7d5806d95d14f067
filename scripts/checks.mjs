// The static checks, shared by `npm run check` and `npm test` (scripts/test.mjs): lint, formatting,
// unused code, every TypeScript project, and the database types against the migrations. Lint and
// the type checks keep their caches under node_modules/.cache, so a second `npm run check` only
// looks at what changed.
const cache = 'node_modules/.cache';

/**
 * TypeScript 7, the native compiler, checks the types: a third of 5.9's CPU time
 * (docs/decisions/0127-type-check-with-typescript-7.md). Installed as `typescript-7` beside
 * `typescript` 5.9, which typescript-eslint and kysely-codegen need; both declare a `tsc`
 * command, hence the path.
 */
const TSC = 'node node_modules/typescript-7/bin/tsc';

const tsc = (project, name) =>
  `${TSC} -p ${project} --incremental --tsBuildInfoFile ${cache}/tsc/${name}.tsbuildinfo`;

/** The type-check of every TypeScript project (also `npm run typecheck`, alone). */
export const TYPE_CHECKS = [
  tsc('apps/server', 'server'),
  tsc('bench', 'bench'),
  tsc('apps/web', 'web'),
  tsc('apps/console', 'console'),
  tsc('e2e', 'e2e'),
  tsc('packages/contract', 'contract'),
];

export const CHECKS = [
  // The longest first, so that the lanes end together.
  `eslint . --max-warnings=0 --cache --cache-location ${cache}/eslint/`,
  ...TYPE_CHECKS,
  `prettier --check . --log-level warn --cache --cache-location ${cache}/prettier/cache.json`,
  'knip',
  'npm run db:types:check -w apps/server',
];
