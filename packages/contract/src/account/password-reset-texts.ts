// French texts of the forgotten-password pages of the embedded provider and of the mail that
// carries the link (docs/decisions/0001-embedded-identity-provider.md). The answer to a request is the same whether
// the email is known or not, so the page tells nobody who has an account.
import { PASSWORD_RESET_LINK_MINUTES } from '../shared/constants';

export const PASSWORD_RESET_TEXTS = {
  forgotLink: 'Mot de passe oublié\u00a0?',
  forgotTitle: 'Mot de passe oublié',
  forgotLead:
    'Indiquez l’adresse e-mail de votre Espace Assuré\u00a0: nous vous enverrons un lien pour choisir un nouveau mot de passe.',
  forgotSubmit: 'Recevoir le lien',
  emailMissing: 'Veuillez saisir votre adresse e-mail.',
  sentTitle: 'Vérifiez votre messagerie',
  sent: `Si un compte existe pour cette adresse, un e-mail vient de lui être envoyé avec un lien pour choisir un nouveau mot de passe. Ce lien est valable ${PASSWORD_RESET_LINK_MINUTES} minutes et ne sert qu’une fois.`,
  tooMany:
    'Trop de demandes de réinitialisation. Veuillez patienter quelques minutes avant de réessayer.',
  backToLogin: 'Retour à la connexion',
  resetTitle: 'Choisir un nouveau mot de passe',
  newPassword: 'Nouveau mot de passe',
  confirmation: 'Confirmer le nouveau mot de passe',
  resetSubmit: 'Enregistrer le mot de passe',
  invalidLinkTitle: 'Lien expiré',
  invalidLink:
    'Ce lien n’est plus valable\u00a0: il a déjà servi ou a expiré. Vous pouvez en demander un nouveau.',
  askAgain: 'Demander un nouveau lien',
  doneTitle: 'Mot de passe modifié',
  done: 'Votre mot de passe a été modifié. Pour votre sécurité, toutes vos sessions ont été fermées\u00a0: connectez-vous avec votre nouveau mot de passe.',
  signIn: 'Se connecter',
  mailSubject: 'Espace Assuré\u00a0: choisir un nouveau mot de passe',
  mailText: (link: string) =>
    [
      'Bonjour,',
      '',
      'Vous avez demandé à choisir un nouveau mot de passe pour votre Espace Assuré.',
      `Ouvrez ce lien dans les ${PASSWORD_RESET_LINK_MINUTES} minutes (il ne sert qu’une fois)\u00a0:`,
      link,
      '',
      'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message\u00a0: votre mot de passe reste inchangé.',
    ].join('\n'),
} as const;
