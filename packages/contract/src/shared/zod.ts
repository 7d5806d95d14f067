// zod as the contract builds every schema with it, configured once, here, before any schema
// exists: every module of the contract that builds one takes `z` from this module, never from
// 'zod' (eslint.config.js holds it), so this one is evaluated first wherever schemas are built.
// - `jitless` (docs/decisions/0135-first-screen-controls-and-zod-without-eval.md): otherwise zod
//   tries `new Function` when it builds its first object schema, to compile its parsers. The
//   content security policy forbids `eval` (apps/server/src/plugins/security-headers.ts): the
//   try is caught, but the browser reports a violation on every screen that loads a schema.
//   Parsing without compiled parsers costs about a microsecond more per object, nothing a form
//   or a request feels; the server takes the same setting (one process, one zod).
// - `customError`: zod's own checks speak French (zod-messages.ts,
//   docs/decisions/0090-french-validation-and-operation-ids.md).
// It is the contract's one module with a side effect (package.json's `sideEffects`), so that
// esbuild and Vite keep the call; any module importing it brings it, and zod, into the bundle.
// Hence a value the portal's first screen reads lives in a module that builds no schema
// (api-paths.ts, policies/policy-values.ts, idempotency.ts): the first screen loads no zod
// (apps/server/test/http/first-screen-javascript.test.ts).
import { z } from 'zod';
import { zodIssueMessage } from './zod-messages';

z.config({ jitless: true, customError: zodIssueMessage });

export { z };
