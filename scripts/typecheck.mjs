// `npm run typecheck`: the type-checks of `npm run check` alone, side by side (scripts/checks.mjs).
import { TYPE_CHECKS } from './checks.mjs';
import { runParallel } from './run-parallel.mjs';

const failed = await runParallel(TYPE_CHECKS);
if (failed.length) process.exitCode = 1;
