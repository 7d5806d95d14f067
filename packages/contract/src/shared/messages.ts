// French texts of the shell and of docs/product/policies.md used by more than one module.
import { PHONE_NUMBERS, telHref } from './constants';

export const MESSAGES = {
  loading: 'Chargement…',
  genericError: 'Désolé, une erreur inattendue s’est produite',
  fallbackError: 'quelque chose s’est mal passé',
  unavailablePage: 'Désolé, cette page n’est pas disponible',
  api: {
    unauthorized: 'Authentification requise. Veuillez vous reconnecter.',
    forbidden: 'Vous n’avez pas accès à ce compte.',
    crossSite: 'Requête refusée\u00a0: elle ne vient pas de l’Espace Assuré.',
    notFound: 'Ressource introuvable.',
    routeNotFound: 'Cette adresse n’existe pas.',
    validation: 'Certaines données envoyées ne sont pas valides.',
    malformedJson: 'Le corps de la requête n’est pas un JSON valide.',
    tooLarge: 'La requête est trop volumineuse.',
    requestTimeout: 'La requête a mis trop de temps à arriver. Veuillez réessayer.',
    badRequest: 'La requête n’a pas pu être lue.',
    /** A path parameter longer than the router takes (Fastify's maxParamLength). */
    pathTooLong: 'Un élément de l’adresse est trop long.',
    unsupportedMediaType: 'Ce type de contenu n’est pas accepté.',
    rateLimited: 'Trop de requêtes. Veuillez réessayer dans quelques instants.',
    internal: 'Une erreur interne est survenue. Veuillez réessayer plus tard.',
    accountNotFound: 'Compte introuvable.',
    policyNotFound: 'Policy not found',
    requestNotFound: 'Demande introuvable.',
  },
  login: {
    title: 'Connexion à votre Espace Assuré',
    email: 'Adresse e-mail',
    password: 'Mot de passe',
    submit: 'Se connecter',
    invalidCredentials: 'Adresse e-mail ou mot de passe incorrect.',
    tooManyAttempts:
      'Trop de tentatives de connexion. Veuillez patienter quelques minutes avant de réessayer.',
    missingFields: 'Veuillez saisir votre adresse e-mail et votre mot de passe.',
    /** The sign-in refusal past the account's limit (docs/decisions/0014-sign-in-throttle.md). */
    accountLocked:
      'Trop de tentatives de connexion sur ce compte depuis un nouvel appareil. Pour vous connecter dès maintenant, recevez un lien par e-mail\u00a0: il vous permet de choisir un nouveau mot de passe et débloque la connexion.',
    /** The link that goes with `accountLocked`: the forgotten-password form. */
    accountLockedLink: 'Recevoir un lien par e-mail',
  },
} as const;

/**
 * The 24/7 assistance call (docs/product/claims.md) where a customer lands, signed in or not: the
 * portal's header and its page after a sign-out, and the provider's own pages (sign-in, forgotten
 * password, « Première connexion », sign-out). The number is `PHONE_NUMBERS.assistance`, never
 * typed again: `href` is its `tel:` URI (international format); the link shows `name`, then
 * `number` kept on one line, and its accessible name `label` says what it does and then the very
 * words it shows, in their order (WCAG 2.5.3: what a voice user reads out names the link).
 */
const ASSISTANCE_NAME = 'Assistance 24h/24\u00a0:';
export const ASSISTANCE_CALL = {
  href: telHref(PHONE_NUMBERS.assistance),
  lead: 'Un accident, une panne\u00a0?',
  name: ASSISTANCE_NAME,
  number: PHONE_NUMBERS.assistance,
  label: `Appeler l’${ASSISTANCE_NAME} ${PHONE_NUMBERS.assistance}`,
} as const;
