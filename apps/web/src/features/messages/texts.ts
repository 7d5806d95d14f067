// French texts of the « Messagerie » (docs/product/messages.md).
const NBSP = '\u00a0';

export const MESSAGES_TEXTS = {
  title: 'Messagerie',
  lead: 'Écrivez à votre courtier et lisez ses réponses ici. Vos messages restent dans votre espace, à l’abri des courriels.',
  newConversation: 'Nouveau message',
  listTitle: 'Vos conversations',
  empty:
    'Vous n’avez pas encore écrit à votre courtier. Commencez par «\u00a0Nouveau message\u00a0».',
  unread: (n: number) => (n > 1 ? `${n} messages non lus` : `${n} message non lu`),
  lastMessage: (date: string) => `Dernier message le ${date}`,
  lastAuthor: { customer: 'Vous', broker: 'Votre courtier' } as const,
  error: 'Vos conversations n’ont pas pu être chargées. Réessayez dans un instant.',
  navUnread: (n: number) => (n > 1 ? `${n} messages non lus` : `${n} message non lu`),
} as const;

export const CONVERSATION_TEXTS = {
  /** Under every conversation, answered or not yet. */
  complaintLead: 'Notre réponse se fait attendre ou ne vous satisfait pas\u00a0?',
  complaint: 'Faire une réclamation',
  back: 'Retour à la messagerie',
  messagesTitle: 'Les messages',
  you: 'Vous',
  broker: 'Votre courtier',
  sentOn: (date: string) => `le ${date}`,
  readOn: (date: string) => `Lu le ${date}`,
  notRead: 'Pas encore lu',
  file: 'Pièce jointe',
  download: (name: string) => `Télécharger ${name}`,
  replyTitle: 'Répondre',
  request: 'Demande concernée',
  seeRequest: 'Voir la demande',
  error: 'Cette conversation n’a pas pu être chargée. Réessayez dans un instant.',
  sent: 'Votre message a été envoyé.',
  closed: 'Cette conversation est close. Écrivez dans une nouvelle conversation.',
} as const;

export const MESSAGE_FORM_TEXTS = {
  text: 'Votre message',
  textHint: `5${NBSP}000 caractères au plus. Vos données personnelles restent dans votre espace.`,
  file: 'Joindre un fichier',
  fileHint: 'Un fichier par message.',
  fileChosen: 'Fichier joint',
  removeFile: (name: string) => `Retirer ${name}`,
  submit: 'Envoyer',
  draftSaved: (time: string) => `Brouillon enregistré à ${time}`,
  draftSaving: 'Enregistrement du brouillon…',
  draftRestored: 'Votre brouillon a été retrouvé.',
  error: 'Votre message n’a pas pu être envoyé. Réessayez dans un instant.',
} as const;

export const NEW_CONVERSATION_TEXTS = {
  title: 'Nouveau message',
  titleAbout: 'Écrire au courtier',
  back: 'Retour à la messagerie',
  backRequest: 'Retour à la demande',
  topic: 'Sujet',
  topicPlaceholder: 'Choisissez un sujet',
  about: 'Au sujet de la demande',
  submit: 'Envoyer le message',
} as const;
