// The words customers type for what the FAQ names otherwise (docs/decisions/0088-faq-search-in-customers-words.md).
// It enforces: a search is read without accents or case, apostrophes as spaces; it is cut into
// subjects, each either a customer's word or phrase below (which also finds the FAQ's own words
// for it) or a word as typed; the words of a spoken question that say nothing of its subject
// are left out. The French stemmer (PostgreSQL's `french` configuration) then matches each
// subject's other forms: singular or plural, masculine or feminine, the verb's other endings.

/** One subject of a search: the customer's words, and the FAQ's for it (both `websearch` syntax). */
export interface SearchSubject {
  typed: string;
  faq: string;
}

/** Lower case, without accents, apostrophes and runs of spaces as one space. */
export function plainText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/['’ʼ‘`´]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * [the FAQ's words, what customers write for them]. Only words the FAQ does not use, or uses
 * otherwise, belong here: the stemmer already finds the FAQ's own words in any form. Each form
 * is a pattern on the plain text (plainText: no accents, apostrophes as spaces): `s?` for a
 * plural, `e?s?` for an agreement. Phrases come before the words they contain, and a phrase
 * that a row takes is not read again by the rows after it. The FAQ's words are checked against
 * content/faq by apps/server/test/routes/content/faq-phrasings.test.ts.
 */
export const CUSTOMER_WORDS: readonly (readonly [string, readonly string[]])[] = [
  // Sinistres et assistance (content/faq/07-sinistres.md).
  [
    'vol',
    [
      '(on )?m a (pique|vole|pris|chourave|derobe)e?s?',
      'piquee?s?',
      'chourave(e|es|r)?',
      'volee?s?',
      'voler',
      'derobee?s?',
      'cambriol(age|ages|e|ee|es|ees|er)',
      'disparue?s?',
    ],
  ],
  [
    '"bris de glace" or pare-brise',
    [
      'pare[- ]?brises?',
      'vitres?',
      'lunettes? arriere',
      'felee?s?',
      'etoilee?s?',
      'caillou(x)?',
      'gravillons?',
    ],
  ],
  [
    'sinistre or accident',
    [
      'accident(s|e|ee|es|ees)?',
      'accrochages?',
      'accroche(e|es|r)?',
      'collisions?',
      'carambolages?',
      'tamponnee?s?',
      'emboutie?s?',
      '(rentre|rentree|rentrer|fonce|foncer) dedans',
      'percute(e|es|r)?',
      'rayee?s?',
      'rayures?',
      'bosses?',
      '(ca)?bossee?s?',
    ],
  ],
  ['stationnement', ['parking', 'garee?s?', 'stationnee?s?']],
  [
    'panne or assistance or depannage',
    [
      'en rade',
      '(ne )?demarre (plus|pas)',
      'batterie (a plat|morte|vide)',
      'crevaisons?',
      'crevee?s?',
      'depanneuses?',
      'remorquee?s?',
      'remorquer',
    ],
  ],
  ['garage or reparateur', ['garagistes?', 'carrossiers?', 'carrosseries?', 'mecanici(en|ens)', 'mecanos?']],
  // Véhicule (04-vehicule.md); a phrase with « voiture » before « voiture » alone.
  [
    '"changement de vehicule"',
    [
      'change(r|ment)? de (voiture|bagnole|caisse|auto)',
      '(nouvelle|autre) (voiture|bagnole|caisse|auto)',
      'achet(e|ee|es|er)',
    ],
  ],
  ['vehicule', ['voitures?', 'bagnoles?', 'caisses?', 'autos?', 'automobiles?', 'utilitaires?', 'citadines?', 'suv', '4x4']],
  ['concession', ['concessionnaires?']],
  ['"certificat d immatriculation"', ['cartes? grises?', 'immat']],
  ['europeen or etranger', ['europe']],
  [
    'etranger',
    ['vacances', 'espagne', 'italie', 'portugal', 'allemagne', 'belgique', 'luxembourg', 'angleterre', 'maroc', 'tunisie', 'algerie'],
  ],
  ['domicile-travail or professionnel', ['boulot', 'taf', 'vtc', 'livreur']],
  ['"modification technique"', ['tuning', 'attelage']],
  // Résiliation (06-resiliation.md).
  [
    'resilier',
    [
      '(ne )?veu[xt] plus (de |d )?(mon |ma |cette |l |votre )?(assurances?|contrats?|assureurs?)',
      'plus besoin (de |d )?(mon |ma |cette |l )?(assurance|contrat)',
      'arreter',
      'arrete',
      'stopper',
      'annuler',
      'annulation',
      'quitter',
    ],
  ],
  [
    'resilier or "nouvel assureur"',
    ['change(r|ment)? d (assurance|assureur)', 'change(r|ment)? de (compagnie|assurance|assureur)', 'moins cher ailleurs'],
  ],
  ['vends or vente', ['vendue?s?', 'vendre', 'revendue?s?', 'ceder', 'cede']],
  // Paiement et cotisations (05-paiement.md).
  [
    'cotisation',
    ['combien (je )?(paie|paye|payes|coute|ca coute)', 'prix', 'tarifs?', 'couts?', 'coute', 'mensualites?', 'cher'],
  ],
  ['iban or "coordonnees bancaires"', ['ribs?', 'compte en banque', 'compte bancaire', '(changer de|nouvelle|autre) banque']],
  ['rejete or "non-paiement"', ['impayee?s?', '(pas|plus) (pu )?payee?s?']],
  ['rejete or refuse', ['refusee?s?', 'rejetee?s?']],
  // Conducteurs et bonus-malus (03-conducteurs-bonus-malus.md).
  ['enfant or "jeune conducteur"', ['fils', 'filles?', 'gamine?s?', 'ados?', 'adolescente?s?', 'gosses?']],
  ['conducteur', ['conductrices?']],
  ['ajouter', ['rajout(er|e)?', 'inscrire']],
  ['retirer', ['enlever', 'enleve', 'supprimer', 'virer']],
  ['proche', ['potes?', 'amie?s?', 'copine?s?', 'copains?', 'voisine?s?', 'frere', 'soeur', 'cousine?s?']],
  ['preter', ['emprunt(e|er|ee)?']],
  ['informations', ['infos?']],
  // Documents, contrat (01-documents.md, 02-contrat-garanties.md).
  ['"carte verte"', ['papiers? verts?', 'vignette( verte)?']],
  ['attestation', ['papiers? (de l |d )?assurance', 'justificatif d assurance']],
  ['demenage', ['emmenage(r|ment)?', 'habite']],
  ['transmettre', ['uploader', 'scanner']],
  // Mon compte (08-compte-donnees.md).
  [
    '"cle d acces"',
    [
      'passkeys?',
      'sans (le |mon )?mot de passe',
      'empreintes?( digitales?)?',
      'reconnaissance faciale',
      'face ?id',
      'touch ?id',
    ],
  ],
  ['"double authentification"', ['2 ?fa', 'a2f', 'mfa', 'authentification forte']],
  [
    '"mot de passe" or connexion',
    ['(j )?(n )?arrive (plus|pas) a (me )?connecter', 'connecter', 'identifiants?', 'mdp', 'login'],
  ],
  ['"offres commerciales" or prospection', ['pubs?', 'publicites?', 'newsletters?', 'spams?', 'demarchages?']],
  ['"service client"', ['conseill(er|ere|ers|eres)', 'parler a (quelqu un|un humain|une personne)', 'hotline', 'standard']],
];

const PATTERNS = CUSTOMER_WORDS.map(([faq, forms]) => ({
  faq,
  pattern: new RegExp(`(?<![\\p{L}\\p{N}])(?:${forms.join('|')})(?![\\p{L}\\p{N}])`, 'gu'),
}));

/**
 * Words of a spoken question that the FAQ's text also has without their saying what it is about
 * (PostgreSQL's French stop words miss them, or miss them once accents are gone: « à » is `a`).
 * A word the FAQ does not have needs no place here: it finds nothing and takes nothing away.
 */
const FILLER = new Set([
  ...['a', 'avoir', 'etre', 'ete', 'meme', 'si', 'comme', 'cet', 'cette', 'tout', 'toute'],
  ...['aussi', 'alors', 'bien', 'encore', 'deja', 'jamais', 'rien', 'chez', 'quelqu', 'besoin'],
  ...['comment', 'quand', 'pourquoi', 'quel', 'quelle', 'quels', 'quelles', 'quoi', 'combien'],
  ...['est-ce', 'peut', 'peux', 'peuvent', 'puis', 'puis-je', 'peut-on', 'dois', 'doit'],
  ...['dois-je', 'faut', 'faut-il', 'veux', 'veut', 'voudrais', 'faire', 'fais', 'fait', 'plus'],
  ...['pars', 'bonjour', 'merci', 'svp', 'stp'],
]);

/** `"a phrase"`, `-excluded` or `or`: a search written so is read as typed, words and all. */
const SEARCH_SYNTAX = /"|(?<![\p{L}\p{N}])-\p{L}|(?<![\p{L}\p{N}])or(?![\p{L}\p{N}])/iu;

/**
 * The subjects of a search: the customer's words and phrases found above, then every other word
 * but the filler (all the words when nothing else is left, so « comment » alone still searches).
 * Two customer's words for the same FAQ words are one subject.
 */
export function searchSubjects(text: string): SearchSubject[] {
  if (SEARCH_SYNTAX.test(text)) return [{ typed: text, faq: '' }];
  let rest = plainText(text);
  const subjects = new Map<string, string[]>();
  for (const { faq, pattern } of PATTERNS) {
    rest = rest.replace(pattern, (typed) => {
      subjects.set(faq, [...(subjects.get(faq) ?? []), typed]);
      return ' ';
    });
  }
  const words = rest
    .split(/[^\p{L}\p{N}-]+/u)
    .map((word) => word.replace(/^-+|-+$/g, ''))
    .filter(Boolean);
  const meaningful = words.filter((word) => !FILLER.has(word));
  const kept = subjects.size > 0 || meaningful.length > 0 ? meaningful : words;
  return [
    ...[...subjects].map(([faq, typed]) => ({ typed: typed.join(' or '), faq })),
    ...[...new Set(kept)].map((typed) => ({ typed, faq: '' })),
  ];
}
