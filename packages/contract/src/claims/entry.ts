// The entry to a declaration, on each contract's card and in the menu: a module of its own, so that
// the first screen, which shows it, does not carry the declaration's texts (messages.ts). The
// bundler places a whole module in one chunk: a constant beside CLAIM_MESSAGES would bring it.
export const CLAIM_ENTRY = 'Déclarer un sinistre';
