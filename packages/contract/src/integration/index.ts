export * from './api';
export * from './contract';
export * from './customer';
export * from './documents';
export * from './fields';
export * from './messages';
