// French texts of the account's own security screens (docs/product/account.md /account/password,
// /account/communication, /account/accountDelete). The texts the server shares (docs/product/account.md
// messages banners, the password rule) are in the contract (account/).
import { PHONE_NUMBERS } from '@espace/contract';

export const SECURITY_TEXTS = {
  show: 'Afficher',
  /** Completes the toggle's name: 'Afficher le mot de passe : Nouveau mot de passe'. */
  showLabelSuffix: (field: string) => `le mot de passe\u00a0: ${field}`,
  password: {
    title: 'Changer de mot de passe',
    lead: 'Pour votre sécurité, les autres appareils connectés à votre Espace Assuré seront déconnectés.',
    oldPassword: 'Ancien mot de passe',
    newPassword: 'Nouveau mot de passe',
    confirmation: 'Confirmer le nouveau mot de passe',
    submit: 'Changer le mot de passe',
  },
  communication: {
    title: 'Gestion des préférences',
    lead: 'Choisissez si nous pouvons vous contacter pour vous présenter nos offres commerciales (courriel, téléphone, courrier). Vous pouvez changer d’avis à tout moment\u00a0; cela ne change rien à vos contrats.',
    consent: 'J’accepte d’être contacté(e) à des fins de prospection commerciale',
    /** Read out beside the box once the choice is saved (decision 0042). */
    saved: 'Choix enregistré.',
  },
  accountDelete: {
    title: 'Supprimer le compte',
    lead: 'Avant de supprimer votre compte, voici ce qui se passera\u00a0:',
    erased:
      'Votre accès en ligne est supprimé\u00a0: votre identifiant de connexion, votre mot de passe, vos connexions ouvertes et vos préférences de prospection commerciale avec leur historique. Vous serez déconnecté(e) et ne pourrez plus vous connecter avec cette adresse e-mail.',
    kept: 'Vos contrats d’assurance ne sont pas résiliés. Votre courtier conserve vos contrats et leurs documents pendant la durée légale de conservation (la durée du contrat plus 5 ans).',
    terminateBefore: 'Vous souhaitez plutôt résilier un contrat\u00a0? Faites-le depuis',
    policiesLink: 'vos polices d’assurance',
    terminateOr: 'ou',
    contactLink: 'contactez-nous',
    terminateAfter: `(${PHONE_NUMBERS.customerService}).`,
    password: 'Mot de passe',
    passwordHint: 'Saisissez votre mot de passe pour confirmer la suppression.',
    submit: 'Supprimer mon compte',
    loggingOut: 'Vous allez être déconnecté(e) dans quelques secondes.',
  },
  external: {
    passwordTitle: 'Changer de mot de passe',
    deleteTitle: 'Supprimer le compte',
    accountLink: 'Gérer mon compte chez mon fournisseur d’identité',
    noAccountUrl: 'Pour toute demande, contactez notre service client\u00a0:',
    contactLink: 'Contact',
  },
} as const;
