// Addresses (docs/product/addresses.md): the schemas, the comparison of two writings, the texts.
export * from './address';
export * from './address-match';
export * from './messages';
