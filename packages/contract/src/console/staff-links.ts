// The links mailed to a staff member (docs/console.md « Comptes »,
// docs/decisions/0092-staff-reset-by-mail-and-tamper-evident-journal.md): after a supervisor or
// the operator resets their second factor, the member alone, by their own mailbox, chooses a new
// password and then enrols a new authenticator. The mail's words and the link's pages.

/** How long a staff member's link works, once. */
export const STAFF_LINK_HOURS = 24;

const NBSP = '\u00a0';

export const STAFF_LINK_TEXTS = {
  mailSubject: `Console du courtier${NBSP}: choisissez un nouveau mot de passe`,
  mailGreeting: (name: string) => `Bonjour ${name},`,
  mailReset: (by: string) =>
    `${by} a réinitialisé votre accès à la console du courtier${NBSP}: votre mot de passe et votre double authentification ne fonctionnent plus.`,
  mailAction: `Choisissez un nouveau mot de passe avec ce lien, valable ${STAFF_LINK_HOURS}${NBSP}heures et une seule fois${NBSP}:`,
  mailNext:
    'À la connexion suivante, vous activerez la double authentification avec votre application d’authentification.',
  mailIgnore:
    'Si vous n’attendiez pas ce message, prévenez votre superviseur. Personne d’autre que vous ne reçoit ce lien.',
  mailSignature: 'La console du courtier',
  /** Who reset, when the operator's command did. */
  operator: 'L’administrateur du serveur',
  pageTitle: 'Choisissez votre nouveau mot de passe',
  pageIntro: `Votre accès à la console a été réinitialisé. Choisissez un nouveau mot de passe${NBSP}; vous activerez ensuite la double authentification à la connexion.`,
  /** After « Ce n’était pas moi »: the second factor stays. */
  securedIntro: `Votre compte a été sécurisé («${NBSP}Ce n’était pas moi${NBSP}»)${NBSP}: choisissez un nouveau mot de passe. Votre double authentification reste la même.`,
  securedDone: `Votre mot de passe est enregistré. Connectez-vous à la console avec lui et votre code de double authentification.`,
  submit: 'Enregistrer mon mot de passe',
  doneTitle: 'Mot de passe enregistré',
  done: `Votre mot de passe est enregistré. Connectez-vous à la console${NBSP}: vous activerez la double authentification avec votre application d’authentification.`,
  signIn: 'Se connecter à la console',
  invalidTitle: 'Ce lien ne fonctionne plus',
  invalid: `Ce lien a déjà servi, a expiré ou a été remplacé par un plus récent. Demandez à un superviseur de réinitialiser à nouveau votre double authentification${NBSP}: un nouveau lien vous sera envoyé.`,
} as const;

/** The console's answer to a reset: how the link left (never the link itself). */
export interface StaffResetAnswer {
  /** 'mail': to the member's address; 'log': demo mode without SMTP, in the server's log. */
  delivery: 'mail' | 'log';
  email: string;
}
