// Online termination (SPEC §2 /contractTermination, §3, §5, §8; Code des assurances L113-15-3).
export * from './reasons';
export * from './effective-date';
export * from './messages';
export * from './request';
export * from './results';
export * from './sale-date';
