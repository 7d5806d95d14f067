// The entry to a termination, on each contract's card and in the footer: a module of its own, for
// the same reason as claims/entry.ts.
export const TERMINATION_ENTRY = 'Résilier votre contrat';
