// A change to a way in — a passkey added or removed, the second factor turned on or off, new
// recovery codes, the password changed — is mailed to its owner, customer or staff member, with
// one link « Ce n’était pas moi » (docs/decisions/0140-a-mail-and-an-undo-for-each-change-of-a-way-in.md).
// That link opens a page that asks for a confirmation; confirmed, it ends every session, removes
// what the changes of the last days added, and makes the password useless until a new one is
// chosen with the link it mails. The mail's and the page's words.
import { PASSWORD_RESET_LINK_MINUTES } from '../shared/constants';
import { UNKNOWN_DEVICE } from './sessions';

const NBSP = '\u00a0';

export const IDENTITY_CHANGE_KINDS = [
  'passkey_added',
  'passkey_removed',
  'second_factor_on',
  'second_factor_off',
  'recovery_codes_renewed',
  'password_changed',
] as const;
export type IdentityChangeKind = (typeof IDENTITY_CHANGE_KINDS)[number];

/** How long a « Ce n’était pas moi » link works (once): a weekend away from one’s mailbox. */
export const UNDO_LINK_HOURS = 72;

/** Where the change was made: a customer's space (and its brand), or the broker's console. */
export type IdentityPlace = { brand: string } | 'console';

/** « l’appareil « Firefox 133 sur Windows 10 » », or « un appareil non identifié ». */
const fromDevice = (device: string) =>
  device === UNKNOWN_DEVICE ? 'un appareil non identifié' : `l’appareil «${NBSP}${device}${NBSP}»`;

const space = (place: IdentityPlace) =>
  place === 'console' ? 'votre compte de la console du courtier' : `votre espace ${place.brand}`;

/** Per kind: the mail's subject, and what happened (its time and device added after). */
const CHANGES: Record<
  IdentityChangeKind,
  { subject: string; done: string; effect: string; label: string }
> = {
  passkey_added: {
    subject: 'Clé d’accès ajoutée',
    done: 'Une clé d’accès a été ajoutée à',
    effect: 'elle permet de se connecter sans mot de passe.',
    label: 'Clé d’accès ajoutée',
  },
  passkey_removed: {
    subject: 'Clé d’accès supprimée',
    done: 'Une clé d’accès a été supprimée de',
    effect: 'elle ne permet plus de se connecter.',
    label: 'Clé d’accès supprimée',
  },
  second_factor_on: {
    subject: 'Double authentification activée',
    done: 'La double authentification a été activée sur',
    effect: 'chaque connexion par mot de passe demandera désormais un code de l’application.',
    label: 'Double authentification activée',
  },
  second_factor_off: {
    subject: 'Double authentification désactivée',
    done: 'La double authentification a été désactivée sur',
    effect: 'le mot de passe suffit de nouveau pour se connecter.',
    label: 'Double authentification désactivée',
  },
  recovery_codes_renewed: {
    subject: 'Nouveaux codes de secours',
    done: 'De nouveaux codes de secours ont été créés pour',
    effect: 'les anciens ne fonctionnent plus.',
    label: 'Nouveaux codes de secours',
  },
  password_changed: {
    subject: 'Mot de passe modifié',
    done: 'Le mot de passe a été modifié sur',
    effect: 'les autres sessions ont été fermées.',
    label: 'Mot de passe modifié',
  },
};

export const IDENTITY_CHANGE_TEXTS = {
  /** A change's name in a list (the not-me page). */
  label: (kind: IdentityChangeKind) => CHANGES[kind].label,
  subject: (kind: IdentityChangeKind, place: IdentityPlace) =>
    `${CHANGES[kind].subject} sur ${space(place)}`,
  greeting: (name: string) => `Bonjour ${name},`,
  intro: (kind: IdentityChangeKind, place: IdentityPlace, time: string, device: string) =>
    `${CHANGES[kind].done} ${space(place)} le ${time}, depuis ${fromDevice(device)}${NBSP}: ${CHANGES[kind].effect}`,
  ifYou: 'Si c’est vous, vous n’avez rien à faire.',
  ifNotYou: `Si ce n’est pas vous, ouvrez le lien «${NBSP}Ce n’était pas moi${NBSP}»${NBSP}: il ferme toutes les sessions, retire ce qui vient d’être ajouté et vous fait choisir un nouveau mot de passe.`,
  notMe: 'Ce n’était pas moi',
  validity: `Ce lien est valable ${UNDO_LINK_HOURS}${NBSP}heures et ne sert qu’une fois.`,
  customerSignature: (brand: string) => `L’équipe ${brand}`,
  staffSignature: 'La console du courtier',

  /** The mail that follows « Ce n’était pas moi »: the link to choose a new password. */
  securedSubject: (place: IdentityPlace) =>
    `${place === 'console' ? 'Votre compte de la console' : `Votre espace ${place.brand}`} est sécurisé${NBSP}: choisissez un nouveau mot de passe`,
  securedIntro: (time: string) =>
    `Le ${time}, à votre demande («${NBSP}Ce n’était pas moi${NBSP}»), toutes les sessions ont été fermées, ce qui venait d’être ajouté a été retiré et votre mot de passe a été désactivé.`,
  choosePassword: 'Choisir un nouveau mot de passe',
  securedCustomerValidity: `Ce lien est valable ${PASSWORD_RESET_LINK_MINUTES}${NBSP}minutes et ne sert qu’une fois. Plus tard, utilisez «${NBSP}Mot de passe oublié${NBSP}» sur la page de connexion.`,
  securedStaffValidity: (hours: number) =>
    `Ce lien est valable ${hours}${NBSP}heures et ne sert qu’une fois. Votre double authentification reste la même.`,

  /** The page of the link. */
  pageTitle: 'Ce n’était pas moi',
  pageIntro: `Vous avez reçu un e-mail au sujet d’une modification que vous n’avez pas faite. Pour sécuriser votre compte, confirmez${NBSP}:`,
  pageSessions: `toutes les sessions ouvertes seront fermées, sur tous les appareils${NBSP};`,
  pageUndone: `ces modifications seront annulées${NBSP}:`,
  pagePassword: `votre mot de passe ne fonctionnera plus${NBSP}: vous en choisirez un nouveau avec le lien envoyé par e-mail.`,
  pageChange: (label: string, time: string, device: string) =>
    `${label}, le ${time}, depuis ${fromDevice(device)}`,
  submit: 'Sécuriser mon compte',
  doneTitle: 'Votre compte est sécurisé',
  done: `Toutes les sessions sont fermées et votre mot de passe est désactivé. Un e-mail vient de vous être envoyé avec un lien pour choisir un nouveau mot de passe${NBSP}; vous pouvez aussi le choisir tout de suite.`,
  doneWithoutMail: `Toutes les sessions sont fermées et votre mot de passe est désactivé. Choisissez-en un nouveau tout de suite.`,
  invalidTitle: 'Ce lien ne fonctionne plus',
  invalid: `Ce lien a déjà servi, a expiré ou n’existe pas${NBSP}: rien n’a été modifié. Si quelqu’un d’autre utilise votre compte, choisissez un nouveau mot de passe avec «${NBSP}Mot de passe oublié${NBSP}».`,
  invalidStaff: `Ce lien a déjà servi ou a expiré${NBSP}: rien n’a été modifié. Si quelqu’un d’autre utilise votre compte de la console, prévenez un superviseur, qui réinitialisera votre accès.`,
  forgot: 'Mot de passe oublié',
} as const;
