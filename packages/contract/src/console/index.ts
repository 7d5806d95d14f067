export * from './console';
