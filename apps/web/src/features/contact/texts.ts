// French texts of /contact (docs/product/contact-and-faq.md) outside the request cards, whose
// texts are in contact-requests.ts; the banner texts of docs/product/contact-and-faq.md are
// CONTACT_MESSAGES.
export const CONTACT_TEXTS = {
  title: 'Contact',
  intro:
    'Notre service client vous répond par téléphone, vous rappelle ou vous répond dans votre messagerie.',
  phoneTitle: 'Par téléphone',
  phoneLead: 'Appelez notre service client\u00a0:',
  /** Below the written card's form: the « Messagerie »'s new message, with a subject and a file. */
  messageMore: 'Choisir un sujet ou joindre un fichier',
  complaintTitle: 'Réclamation',
  complaintLead:
    'Vous êtes mécontent de notre service, d’un contrat ou d’un sinistre\u00a0? Adressez-nous une réclamation écrite\u00a0: vous recevez sa référence aussitôt, un accusé de réception sous 10 jours ouvrables au plus et notre réponse sous 2 mois au plus.',
  complaintAction: 'Faire une réclamation',
} as const;
