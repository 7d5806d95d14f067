export * from './api';
export * from './contract';
export * from './customer';
export * from './documents';
export * from './events';
export * from './fields';
export * from './messages';
export * from './webhooks';
