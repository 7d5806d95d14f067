// French texts of docs/product/account.md /account/password, /account/communication, /account/accountDelete and
// their banners, word for word with French typography (’, a no-break space before !)
// (docs/decisions/README.md (deviations)), plus the refusals the server gives for these calls.
import { MESSAGES } from '../shared/messages';

const NBSP = '\u00a0';

export const ACCOUNT_SECURITY_MESSAGES = {
  /** docs/product/account.md "Password change", "Account deletion". */
  required: 'Mot de passe est nécessaire',
  mismatch: 'Les mots de passe ne sont pas identiques',
  tooLong: 'Ce mot de passe est trop long.',
  wrongPassword: 'Le mot de passe saisi est incorrect.',
  tooManyAttempts: MESSAGES.login.tooManyAttempts,
  /** Password, deletion: what the portal cannot do when another provider signs customers in. */
  externalProvider:
    'Votre mot de passe et votre accès en ligne sont gérés par votre fournisseur d’identité, pas par l’Espace Assuré.',
  banners: {
    password: {
      success: `Votre mot de passe a été mis à jour${NBSP}!`,
      error: 'Malheureusement, nous n’avons pas pu mettre votre mot de passe à jour.',
    },
    accountDeletion: {
      success: `Votre compte a été supprimé${NBSP}!`,
      error: 'Malheureusement, une erreur s’est produite lors de la suppression de votre compte.',
    },
    consent: {
      /** docs/product/account.md gives the text for a withdrawal; a consent given gets a short acknowledgement. */
      withdrawn:
        'Nous avons bien pris en compte votre demande de ne plus être recontacté(e) à des fins de prospections commerciales.',
      given: 'Votre choix a bien été enregistré.',
      error: 'Erreur de fichier interne',
    },
  },
} as const;
