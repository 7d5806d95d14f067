// What every domain of the contract uses: API paths, business constants, the error body, formats,
// dates, safe text, the idempotency header, the shell's texts and the upload table and checks,
// and the French texts of zod's own checks (zod-messages.ts, installed by zod.ts, which is not
// exported here: the contract's schemas take `z` from it, and it travels with them alone).
export * from './api-paths';
export * from './constants';
export * from './errors';
export * from './format';
export * from './display-format';
export * from './dates';
export * from './safe-text';
export * from './idempotency';
export * from './idempotency-key';
export * from './messages';
export * from './upload-types';
export * from './file-checks';
export * from './zod-messages';
