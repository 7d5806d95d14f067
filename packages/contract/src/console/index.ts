export * from './console';
export * from './inbox-page';
export * from './console-work';
export * from './staff-links';
export * from './console-documents';
export * from './console-messages';
