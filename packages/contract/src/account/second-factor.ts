// The customer's optional second factor for password sign-ins ('Mon compte' › « Sécurité »,
// docs/decisions/0122-second-factors-for-customers-and-staff-passkeys.md): a TOTP code of an
// authenticator app, or one of the recovery codes shown once when it is turned on. What the
// screen sends and receives, and its French texts (the sign-in's code page, the mails).
import { z } from '../shared/zod';
import { safeString } from '../shared/safe-text';

const NBSP = '\u00a0';

export const SECOND_FACTOR_MESSAGES = {
  codeRequired: 'Saisissez le code à 6 chiffres de votre application.',
  proofRequired: 'Saisissez votre mot de passe ou un code de vérification.',
  wrongCode: 'Code incorrect ou déjà utilisé.',
  wrongProof: 'Mot de passe ou code incorrect.',
  tooManyCodes: `Trop de codes incorrects. Recommencez la connexion dans quelques minutes.`,
  alreadyOn: 'La double authentification est déjà activée.',
  notOn: 'La double authentification n’est pas activée.',
  banners: {
    on: {
      success: 'La double authentification est activée.',
      error: 'Malheureusement, la double authentification n’a pas pu être activée.',
    },
    off: {
      success: 'La double authentification est désactivée.',
      error: 'Malheureusement, la double authentification n’a pas pu être désactivée.',
    },
    renew: {
      success: 'Vos nouveaux codes de secours sont prêts\u00a0; les anciens ne fonctionnent plus.',
      error: 'Malheureusement, les nouveaux codes de secours n’ont pas pu être créés.',
    },
  },
  /** The provider's code page, after a right password. */
  signIn: {
    title: 'Double authentification',
    intro: `Saisissez le code à 6${NBSP}chiffres de votre application d’authentification, ou l’un de vos codes de secours.`,
    label: 'Code de vérification',
    submit: 'Se connecter',
    restart: 'Recommencer la connexion',
  },
  /** The mail of a second factor turned off by the broker (the others: identity-changes.ts). */
  mail: {
    subjectOff: (brand: string) => `Double authentification désactivée sur votre espace ${brand}`,
    introByBroker: (time: string) =>
      `À votre demande, votre courtier a désactivé la double authentification de votre espace le ${time}${NBSP}: votre mot de passe suffit de nouveau pour vous connecter. Vous pouvez la réactiver avec une nouvelle application dans «${NBSP}Sécurité${NBSP}».`,
    ifNotAsked: `Si vous ne l’avez pas demandé${NBSP}: appelez votre courtier, changez votre mot de passe et vérifiez vos sessions ouvertes.`,
    security: 'Voir la sécurité de mon compte',
  },
} as const;

/** GET …/second-factor: is it on, since when, how many recovery codes are left. */
export const secondFactorStatusSchema = z.object({
  enabled: z.boolean(),
  enabledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int(),
});
export type SecondFactorStatus = z.infer<typeof secondFactorStatusSchema>;

/** POST …/second-factor/enrolment: what the authenticator app needs (shown until confirmed). */
export const secondFactorEnrolmentSchema = z.object({
  /** The secret in base32, to type. */
  secret: z.string(),
  /** The otpauth:// URI the QR code holds. */
  uri: z.string(),
  /** The QR code, an SVG drawn by the server. */
  qrSvg: z.string(),
});
export type SecondFactorEnrolment = z.infer<typeof secondFactorEnrolmentSchema>;

/** PUT …/second-factor {code}: a code of the app confirms the secret shown. */
export const secondFactorConfirmationSchema = z.object({
  code: safeString()
    .trim()
    .regex(/^\d{6}$/, SECOND_FACTOR_MESSAGES.codeRequired),
});
/** Its answer: the recovery codes, shown once. */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/** DELETE …/second-factor {proof}: the password, a code of the app or a recovery code. */
export const secondFactorRemovalSchema = z.object({
  proof: safeString().min(1, SECOND_FACTOR_MESSAGES.proofRequired).max(200),
});
