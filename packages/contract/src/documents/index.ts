// Documents (docs/product/documents.md): stored documents, uploads, and the generated ones.
export * from './documents';
export * from './generated-documents';
export { imagePreviewRefusal, imageTooLargeRefusal } from './image-refusals';
export * from './document-check';
