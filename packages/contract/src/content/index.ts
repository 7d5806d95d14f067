// The content served from content/ (docs/product/contact-and-faq.md): the FAQ and the legal pages.
export * from './faq';
export * from './legal';
