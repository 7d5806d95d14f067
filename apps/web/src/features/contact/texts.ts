// French texts of /contact (SPEC §2) outside the request cards, whose texts are in
// contact-requests.ts; the banner texts of SPEC §8 are CONTACT_MESSAGES.
export const CONTACT_TEXTS = {
  title: 'Contact',
  intro: 'Notre service client vous répond par téléphone, vous rappelle ou vous écrit.',
  phoneTitle: 'Par téléphone',
  phoneLead: 'Appelez notre service client\u00a0:',
} as const;
