// French texts of the account's own security screens (docs/product/account.md /account/password,
// /account/security, /account/communication, /account/accountDelete). The texts the server shares (docs/product/account.md
// messages banners, the password rule) are in the contract (account/).
import { PHONE_NUMBERS, SIGN_IN_METHOD_LABELS } from '@espace/contract';

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
  security: {
    title: 'Sécurité',
    sessionsTitle: 'Appareils connectés',
    sessionsLead:
      'Votre Espace Assuré est ouvert sur ces appareils. Si vous n’en reconnaissez pas un, fermez sa session, puis changez votre mot de passe.',
    /** docs/decisions/0115-sessions-and-new-device-mail.md: no place is derived from the address. */
    noPlace: 'Le lieu de connexion n’est pas indiqué\u00a0: nous ne localisons pas vos connexions.',
    current: 'Cette session',
    signedInAt: 'Connexion',
    lastUsedAt: 'Dernière activité',
    method: 'Moyen de connexion',
    methods: SIGN_IN_METHOD_LABELS as Record<string, string>,
    unknownMethod: 'Non précisé',
    endOne: 'Fermer cette session',
    /** Completes the button's name: 'Fermer cette session : Safari 17 sur iPhone'. */
    endOneSuffix: (device: string) => `\u00a0: ${device}`,
    endOthers: 'Fermer toutes les autres sessions',
    onlyThis: 'Aucune autre session n’est ouverte.',
    loadError: 'Impossible d’afficher vos sessions pour le moment.',
  },
  passkeys: {
    title: 'Clés d’accès',
    lead: 'Une clé d’accès vous connecte sans mot de passe, avec le déverrouillage de votre appareil (empreinte, visage ou code). Votre mot de passe reste valable.',
    none: 'Vous n’avez pas encore de clé d’accès.',
    add: 'Ajouter une clé d’accès',
    addedAt: 'Ajoutée le',
    lastUsedAt: 'Dernière utilisation',
    never: 'Jamais utilisée',
    remove: 'Supprimer',
    /** Completes the button's name: 'Supprimer la clé d’accès : Chrome 131 sur Linux'. */
    removeSuffix: (name: string) => ` la clé d’accès\u00a0: ${name}`,
    unsupported: 'Votre navigateur ne permet pas de créer une clé d’accès.',
    loadError: 'Impossible d’afficher vos clés d’accès pour le moment.',
  },
  secondFactor: {
    title: 'Double authentification',
    lead: 'En plus de votre mot de passe, chaque connexion par mot de passe demandera un code à 6\u00a0chiffres de votre application d’authentification (Google Authenticator, Microsoft Authenticator, FreeOTP…). Une connexion avec une clé d’accès ne le demande pas.',
    off: 'La double authentification n’est pas activée.',
    on: (date: string) => `La double authentification est activée depuis le ${date}.`,
    codesLeft: (n: number) =>
      n === 1 ? 'Il vous reste 1 code de secours.' : `Il vous reste ${n} codes de secours.`,
    start: 'Activer la double authentification',
    scan: 'Scannez ce QR\u00a0code avec votre application d’authentification, puis saisissez le code à 6\u00a0chiffres qu’elle affiche.',
    qrLabel: 'QR\u00a0code à scanner avec votre application d’authentification',
    manualEntry: 'Impossible de scanner\u00a0? Saisissez cette clé dans l’application\u00a0:',
    code: 'Code à 6 chiffres',
    confirm: 'Activer',
    cancel: 'Annuler',
    codesTitle: 'Vos codes de secours',
    codesIntro:
      'Chaque code permet une connexion si vous n’avez plus votre téléphone, une seule fois. Notez-les maintenant et gardez-les en lieu sûr\u00a0: ils ne seront plus affichés.',
    codesDone: 'J’ai noté mes codes',
    renew: 'Créer de nouveaux codes de secours',
    renewHint:
      'Les anciens codes, utilisés ou non, ne fonctionneront plus. Un e-mail vous le confirmera.',
    proof: 'Mot de passe ou code de vérification',
    proofHint:
      'Pour désactiver la double authentification, saisissez votre mot de passe, un code de votre application ou un code de secours.',
    remove: 'Désactiver la double authentification',
    loadError: 'Impossible d’afficher la double authentification pour le moment.',
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
