// Declaring a claim (docs/product/claims.md; Code des assurances L113-2, L125-2).
export * from './kinds';
export * from './circumstances';
export * from './holidays';
export * from './deadline';
export * from './limits';
export * from './entry';
export * from './messages';
export * from './glass';
export * from './steps';
export * from './typed';
export * from './resume';
export * from './draft';
export * from './after-sending';
