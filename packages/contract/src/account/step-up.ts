// The step-up (docs/decisions/0138-step-up-before-every-new-way-in.md): before a new way in or
// out of an account (a passkey added, the second factor turned on or off, the password changed,
// « Mes données » asked for), a fresh proof that the one at the keyboard is the owner: the
// password, a code of the second factor, or an existing passkey, within STEP_UP_MINUTES. The
// portal and the console show the same dialog with these texts.
import { z } from '../shared/zod';
import { safeString } from '../shared/safe-text';
import { passkeyAuthenticationSchema } from './passkeys';

const NBSP = '\u00a0';

/** How long a proof holds for the changes it opens. */
export const STEP_UP_MINUTES = 5;

export const STEP_UP_MESSAGES = {
  required: `Confirmez d’abord votre identité${NBSP}: saisissez votre mot de passe.`,
  title: 'Confirmez votre identité',
  intro: `Pour protéger votre compte, cette modification demande de confirmer que c’est bien vous. Elle reste possible pendant ${STEP_UP_MINUTES}${NBSP}minutes.`,
  proofLabel: 'Mot de passe ou code de vérification',
  proofHint:
    'Votre mot de passe, un code de votre application d’authentification ou un code de secours.',
  proofRequired: 'Saisissez votre mot de passe ou un code de vérification.',
  wrongProof: 'Mot de passe ou code incorrect.',
  submit: 'Confirmer',
  passkey: 'Utiliser ma clé d’accès',
  passkeyRefused: 'La clé d’accès n’a pas été reconnue.',
  noPasskey: 'Aucune clé d’accès n’est enregistrée pour ce compte.',
  cancel: 'Annuler',
  confirmed: `Identité confirmée${NBSP}: vous pouvez poursuivre.`,
} as const;

/** POST …/step-up: the password or a code, or the answer of `startAuthentication`. */
export const stepUpSchema = z.union([
  z.object({
    proof: safeString().min(1, STEP_UP_MESSAGES.proofRequired).max(1024),
  }),
  z.object({ passkey: passkeyAuthenticationSchema }),
]);
export type StepUpRequest = z.infer<typeof stepUpSchema>;
