// Secure messages between the customer and the broker (docs/product/messages.md).
export * from './conversations';
