// Online termination (docs/product/termination.md /contractTermination; Code des assurances L113-15-3).
export * from './reasons';
export * from './effective-date';
export * from './entry';
export * from './messages';
export * from './request';
export * from './results';
export * from './sale-date';
