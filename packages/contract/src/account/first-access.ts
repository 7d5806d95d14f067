// First access of a customer the broker loaded (docs/decisions/0075-first-access-invitation.md):
// the invitation mail's texts, the « Première connexion » form (contract number, birth date, the
// e-mail on file) with its schema, and the answer, which is the same whether anything matched
// or not, so the page tells nobody who is a customer.
import { z } from '../shared/zod';
import { parseDateInput } from '../shared/dates';
import { BRAND_KEYS } from '../documents/generated-documents';
import { safeString } from '../shared/safe-text';

/** An invitation link works once, within this many hours. */
export const INVITATION_LINK_HOURS = 72;

export const FIRST_ACCESS_TEXTS = {
  link: 'Première connexion',
  title: 'Première connexion',
  lead: 'Votre contrat a été souscrit auprès de votre courtier et vous n’avez pas encore de mot de passe\u00a0? Indiquez votre numéro de contrat, votre date de naissance et l’adresse e-mail que vous avez donnée à votre courtier\u00a0: nous vous enverrons un lien pour choisir votre mot de passe.',
  policyNumber: 'Numéro de contrat',
  policyNumberHint: 'Il figure sur vos conditions particulières et vos avis d’échéance.',
  birthDate: 'Date de naissance',
  birthDateHint: 'Au format JJ/MM/AAAA, par exemple 14/07/1985.',
  email: 'Adresse e-mail',
  submit: 'Recevoir le lien',
  policyNumberMissing: 'Veuillez saisir votre numéro de contrat.',
  birthDateInvalid: 'Veuillez saisir votre date de naissance au format JJ/MM/AAAA.',
  emailMissing: 'Veuillez saisir votre adresse e-mail.',
  sentTitle: 'Vérifiez votre messagerie',
  sent: `Si ces informations correspondent à un contrat dont l’accès en ligne n’a pas encore été créé, un e-mail vient d’être envoyé à cette adresse avec un lien pour choisir votre mot de passe. Ce lien est valable ${INVITATION_LINK_HOURS} heures et ne sert qu’une fois.`,
  alreadyActive:
    'Vous avez déjà choisi un mot de passe\u00a0? Utilisez «\u00a0Mot de passe oublié\u00a0?\u00a0» sur la page de connexion.',
  tooMany:
    'Trop de demandes de première connexion. Veuillez patienter quelques minutes avant de réessayer.',
  setTitle: 'Choisir votre mot de passe',
  setLead:
    'Bienvenue dans votre Espace Assuré. Choisissez le mot de passe de votre accès en ligne.',
  doneTitle: 'Mot de passe enregistré',
  done: 'Votre accès à l’Espace Assuré est créé. Connectez-vous avec votre adresse e-mail et votre nouveau mot de passe.',
  emailTaken:
    'Cette adresse e-mail sert déjà à un autre Espace Assuré. Contactez votre courtier pour qu’il corrige l’adresse de votre contrat.',
  mailSubject: (brandName: string) => `${brandName}\u00a0: votre Espace Assuré vous attend`,
  mailGreeting: (firstName: string) => `Bonjour ${firstName},`,
  mailIntro: (brandName: string) =>
    `Vos contrats ${brandName} sont consultables dans votre Espace Assuré\u00a0: documents, attestations, changements de véhicule ou d’adresse, demandes à votre courtier.`,
  mailAction: 'Choisir mon mot de passe',
  mailValidity: `Ce lien est valable ${INVITATION_LINK_HOURS} heures et ne sert qu’une fois. Passé ce délai, demandez-en un nouveau avec «\u00a0Première connexion\u00a0» sur la page de connexion.`,
  mailIgnore:
    'Si vous n’attendiez pas ce message, ignorez-le\u00a0: aucun accès ne sera créé sans vous.',
  mailSignature: (brandName: string) => `L’équipe ${brandName}`,
} as const;

/** What the « Première connexion » form sends; the birth date as typed (French) or ISO. */
export const firstAccessRequestSchema = z.object({
  policyNumber: safeString({ error: FIRST_ACCESS_TEXTS.policyNumberMissing })
    .trim()
    .min(1, FIRST_ACCESS_TEXTS.policyNumberMissing)
    .max(64, FIRST_ACCESS_TEXTS.policyNumberMissing),
  birthDate: safeString({ error: FIRST_ACCESS_TEXTS.birthDateInvalid }).transform((value, ctx) => {
    const iso = parseDateInput(value);
    if (!iso) ctx.addIssue({ code: 'custom', message: FIRST_ACCESS_TEXTS.birthDateInvalid });
    return iso ?? '';
  }),
  email: safeString({ error: FIRST_ACCESS_TEXTS.emailMissing })
    .trim()
    .toLowerCase()
    .min(1, FIRST_ACCESS_TEXTS.emailMissing)
    .max(320, FIRST_ACCESS_TEXTS.emailMissing),
});
export type FirstAccessRequest = z.infer<typeof firstAccessRequestSchema>;

export const invitationRequestSchema = z
  .object({ brand: z.enum(BRAND_KEYS, { error: 'Habillage inconnu.' }).optional() })
  .strict();
export const INVITATION_OUTCOMES = ['sent', 'pending', 'active', 'deleted'] as const;
export const invitationResultSchema = z.object({
  outcome: z
    .enum(INVITATION_OUTCOMES)
    .describe(
      'sent\u00a0: lien envoyé\u00a0; pending\u00a0: un lien encore valable existe\u00a0; active\u00a0: le client a déjà un mot de passe\u00a0; deleted\u00a0: il a supprimé son accès en ligne',
    ),
});
