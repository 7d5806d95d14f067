// French texts of the cookie banner and /cookies (docs/product/legal-and-cookies.md /cookies: consent
// kept 360 days, audience data kept 12 months at most).
export const COOKIE_TEXTS = {
  bannerTitle: 'Vos choix en matière de cookies',
  bannerIntro:
    'Les cookies nécessaires font fonctionner le portail et retiennent vos choix. Les cookies de mesure d’audience ne sont déposés qu’avec votre accord.',
  retention:
    'Votre choix est conservé 360 jours. Les données de mesure d’audience sont conservées 12 mois au plus.',
  acceptAll: 'Tout accepter',
  refuseAll: 'Tout refuser',
  customise: 'Personnaliser',
  pageTitle: 'Gestion des cookies',
  pageIntro:
    'Choisissez les cookies que vous acceptez. Vous pouvez modifier ce choix à tout moment depuis le lien «\u00a0Gestion des cookies\u00a0» en bas de page.',
  required: 'Cookies nécessaires (toujours actifs)',
  requiredHelp: 'Indispensables au fonctionnement du portail et à la mémorisation de vos choix.',
  performance: 'Cookies de performance (mesure d’audience)',
  performanceHelp:
    'Nous permettent de mesurer la fréquentation et d’améliorer le portail. Données conservées 12 mois au plus.',
  continue: 'Continuer',
  rulesLink: 'En savoir plus dans les règles du site',
} as const;
