// Policies (docs/product/policies.md): the payload shapes and the pure rules on them.
export * from './policy';
export * from './policy-values';
export * from './policy-rules';
export * from './owed-documents-texts';
