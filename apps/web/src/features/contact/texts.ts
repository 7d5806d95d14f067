// French texts of /contact (docs/product/contact-and-faq.md) outside the request cards, whose texts are in
// contact-requests.ts; the banner texts of docs/product/contact-and-faq.md are CONTACT_MESSAGES.
export const CONTACT_TEXTS = {
  title: 'Contact',
  intro: 'Notre service client vous répond par téléphone, vous rappelle ou vous écrit.',
  phoneTitle: 'Par téléphone',
  phoneLead: 'Appelez notre service client\u00a0:',
} as const;
