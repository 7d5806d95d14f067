export * from './messages';
export * from './password-rule';
export * from './requests';
export * from './password-reset-texts';
export * from './first-access';
