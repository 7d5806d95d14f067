// Contact requests (docs/product/contact-and-faq.md).
export * from './contact';
