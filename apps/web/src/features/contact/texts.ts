// French texts of /contact (SPEC §2); the banner texts of SPEC §8 are CONTACT_MESSAGES.
export const CONTACT_TEXTS = {
  title: 'Contact',
  intro: 'Notre service client vous répond par téléphone, vous rappelle ou vous écrit.',
  phoneTitle: 'Par téléphone',
  phoneLead: 'Appelez notre service client :',
  callbackTitle: 'Être rappelé(e)',
  callbackLead: 'Laissez-nous votre numéro : nous vous rappelons sous 48h.',
  callbackLabel: 'Votre numéro de téléphone',
  callbackSubmit: 'Demander un rappel',
  mailTitle: 'Par courriel',
  mailLead: 'Écrivez-nous : nous vous répondons sous 48h à l’adresse de votre compte.',
  mailLabel: 'Votre message',
  mailSubmit: 'Envoyer le message',
  sending: 'Envoi…',
} as const;
