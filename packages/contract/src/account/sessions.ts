// The customer's open sessions ('Mon compte' › « Sécurité », docs/product/account.md): what
// GET …/sessions answers, the path of one session, and their French texts. A session is one
// sign-in of the embedded provider (its `sid`); its device is read from the browser's
// user agent at sign-in, no place is shown (docs/decisions/0115-sessions-and-new-device-mail.md).
import { z } from '../shared/zod';
import { safeString } from '../shared/safe-text';
import { passkeySchema } from './passkeys';

const NBSP = '\u00a0';

/** `external`: through the external provider (OIDC_ISSUER), whose own password or passkey it was. */
export const SIGN_IN_METHODS = ['password', 'passkey', 'external'] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];
/** How a session was opened, as 'Mon compte' › « Sécurité » and « Mes données » name it. */
export const SIGN_IN_METHOD_LABELS: Record<SignInMethod, string> = {
  password: 'Mot de passe',
  passkey: 'Clé d’accès',
  external: 'Fournisseur d’identité',
};

export const openSessionSchema = z.object({
  /** The provider session's uid (the `sid` of its tokens); never a cookie's value. */
  id: z.string(),
  /** « Chrome 131 sur Windows 10 », or « Appareil non identifié ». */
  device: z.string(),
  /** How it was opened; null when the session predates this record. */
  method: z.enum(SIGN_IN_METHODS).nullable(),
  /** ISO instants: the sign-in, and the last call the session made (at most a minute late). */
  firstUsedAt: z.string(),
  lastUsedAt: z.string(),
  /** The session this call comes from. */
  current: z.boolean(),
});
export type OpenSession = z.infer<typeof openSessionSchema>;

export const openSessionsSchema = z.object({ sessions: z.array(openSessionSchema) });
export type OpenSessions = z.infer<typeof openSessionsSchema>;

/**
 * What ending sessions answers (DELETE …/sessions, DELETE …/sessions/{sessionId}, the console's
 * password change): the passkeys those sessions added, each to keep or remove
 * (docs/decisions/0141-every-sign-in-mails-its-new-device.md). Empty when they added none.
 */
export const endedSessionsSchema = z.object({ passkeysAdded: z.array(passkeySchema) });
export type EndedSessions = z.infer<typeof endedSessionsSchema>;

/** The `{sessionId}` of DELETE …/sessions/{sessionId}. */
export const sessionIdSchema = safeString().min(1).max(100);

/** The device label when the user agent says nothing readable. */
export const UNKNOWN_DEVICE = 'Appareil non identifié';

export const SESSION_MESSAGES = {
  notFound: 'Cette session est introuvable ou déjà fermée.',
  unknownDevice: UNKNOWN_DEVICE,
  externalProvider:
    'Vos sessions sont gérées par votre fournisseur d’identité, pas par l’Espace Assuré.',
  banners: {
    endOne: {
      success: 'La session a été fermée. L’appareil devra se reconnecter.',
      error: 'Malheureusement, la session n’a pas pu être fermée.',
    },
    endOthers: {
      success: 'Toutes vos autres sessions ont été fermées.',
      error: 'Malheureusement, vos autres sessions n’ont pas pu être fermées.',
    },
    removeAddedPasskeys: {
      success: 'Les clés d’accès ont été supprimées.',
      error: 'Malheureusement, les clés d’accès n’ont pas toutes pu être supprimées.',
    },
  },
  /**
   * The passkeys the ended sessions had added (EndedSessions), listed under the sessions in the
   * portal's « Sécurité » and the console's « Mon compte » (docs/decisions/0141).
   */
  addedPasskeys: {
    /** Follows the success banner of the ending, when they added some. */
    left: (count: number) =>
      count === 1
        ? `1 clé d’accès ajoutée depuis une session fermée permet toujours de se connecter${NBSP}: vérifiez-la ci-dessous.`
        : `${count} clés d’accès ajoutées depuis les sessions fermées permettent toujours de se connecter${NBSP}: vérifiez-les ci-dessous.`,
    title: 'Clés d’accès ajoutées depuis les sessions fermées',
    lead: `Fermer une session ne supprime pas les clés d’accès ajoutées depuis elle${NBSP}: elles permettent toujours de se connecter. Si vous ne reconnaissez pas l’une d’elles, supprimez-la.`,
    removeAll: (count: number) => `Supprimer ces ${count} clés d’accès`,
    keep: (count: number) =>
      count === 1 ? 'Conserver cette clé d’accès' : 'Conserver ces clés d’accès',
  },
  /** The new-device mail (services/identity/new-device-mail.ts), greeted and signed as the identity mails. */
  mail: {
    subject: (brand: string) => `Nouvelle connexion à votre espace ${brand}`,
    intro: (device: string, time: string) =>
      `Une connexion à votre espace a eu lieu depuis un nouvel appareil${NBSP}: ${device}, le ${time}.`,
    ifYou: 'Si c’est vous, vous n’avez rien à faire.',
    ifNotYou: `Si ce n’est pas vous${NBSP}: fermez cette session, puis changez votre mot de passe.`,
    endSession: 'Fermer cette session',
    changePassword: 'Changer mon mot de passe',
  },
  /** The staff's new-device mail, greeted and signed as their other mails (identity-changes.ts). */
  staffMail: {
    subject: `Console du courtier${NBSP}: nouvelle connexion à votre compte`,
    intro: (device: string, time: string) =>
      `Une connexion à votre compte de la console a eu lieu depuis un nouvel appareil${NBSP}: ${device}, le ${time}.`,
    ifYou: 'Si c’est vous, vous n’avez rien à faire.',
    ifNotYou: `Si ce n’est pas vous${NBSP}: changez tout de suite votre mot de passe dans «${NBSP}Mon compte${NBSP}»${NBSP}; vos autres sessions seront fermées. Prévenez ensuite votre superviseur.`,
    account: 'Mon compte',
  },
} as const;
