export * from './console';
export * from './console-work';
