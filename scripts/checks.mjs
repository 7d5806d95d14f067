// The static checks, shared by `npm run check` and `npm test` (scripts/test.mjs): lint, formatting,
// unused code, every TypeScript project, and the database types against the migrations. Lint and
// the type checks keep their caches under node_modules/.cache, so a second `npm run check` only
// looks at what changed.
const cache = 'node_modules/.cache';
const tsc = (project, name) =>
  `tsc -p ${project} --incremental --tsBuildInfoFile ${cache}/tsc/${name}.tsbuildinfo`;

export const CHECKS = [
  // The longest first, so that the lanes end together.
  `eslint . --max-warnings=0 --cache --cache-location ${cache}/eslint/`,
  tsc('apps/server', 'server'),
  tsc('bench', 'bench'),
  tsc('apps/web', 'web'),
  tsc('apps/console', 'console'),
  tsc('e2e', 'e2e'),
  tsc('packages/contract', 'contract'),
  `prettier --check . --log-level warn --cache --cache-location ${cache}/prettier/cache.json`,
  'knip',
  'npm run db:types:check -w apps/server',
];
