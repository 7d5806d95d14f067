// The contract's public entry (`@espace/contract`): one folder per domain of docs/product/, and
// shared/ for what every domain uses (API paths, errors, dates, formats, safe text, uploads).
export * from './shared';
export * from './policies';
export * from './documents';
export * from './changes';
export * from './addresses';
export * from './account';
export * from './termination';
export * from './requests';
export * from './contact';
export * from './conversations';
export * from './content';
export * from './integration';
export * from './claims';
export * from './complaints';
export * from './console';
