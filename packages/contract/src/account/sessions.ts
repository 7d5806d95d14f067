// The customer's open sessions ('Mon compte' › « Sécurité », docs/product/account.md): what
// GET …/sessions answers, the path of one session, and their French texts. A session is one
// sign-in of the embedded provider (its `sid`); its device is read from the browser's
// user agent at sign-in, no place is shown (docs/decisions/0115-sessions-and-new-device-mail.md).
import { z } from '../shared/zod';
import { safeString } from '../shared/safe-text';

const NBSP = '\u00a0';

export const SIGN_IN_METHODS = ['password', 'passkey'] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];

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
  },
  /** The new-device mail (services/identity/new-device-mail.ts). */
  mail: {
    subject: (brand: string) => `Nouvelle connexion à votre espace ${brand}`,
    greeting: (firstName: string) => `Bonjour ${firstName},`,
    intro: (device: string, time: string) =>
      `Une connexion à votre espace a eu lieu depuis un nouvel appareil${NBSP}: ${device}, le ${time}.`,
    ifYou: 'Si c’est vous, vous n’avez rien à faire.',
    ifNotYou: `Si ce n’est pas vous${NBSP}: fermez cette session, puis changez votre mot de passe.`,
    endSession: 'Fermer cette session',
    changePassword: 'Changer mon mot de passe',
    signature: (brand: string) => `L’équipe ${brand}`,
  },
} as const;
