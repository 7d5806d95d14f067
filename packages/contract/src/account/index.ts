// The account (docs/product/account.md): password and deletion payloads, the password rule, their
// texts, and the recap shown before a deletion.
export * from './messages';
export * from './password-rule';
export * from './security-requests';
export * from './password-reset-texts';
export * from './deletion-recap';
export * from './first-access';
export * from './sessions';
export * from './passkeys';
export * from './data-export';
export * from './data-export-content';
export * from './second-factor';
export * from './step-up';
export * from './identity-changes';
