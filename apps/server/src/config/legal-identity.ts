// The broker's legal identity: what the legal pages and the FAQ must state (LCEN
// art. 6, Code des assurances R521-2, GDPR art. 13) comes from the operator's configuration, not
// from placeholders in content/. Content writes `{{key}}` (content/README.md); the loader puts
// the configured value in. Demo mode fills every missing value with a complete fictitious
// identity; production refuses to start without them, naming the missing variables.

/** Each value, the environment variable that sets it, and its fictitious demo value. */
export const LEGAL_IDENTITY_FIELDS = {
  brokerName: { env: 'LEGAL_BROKER_NAME', demo: 'Courtage Horizon SAS' },
  brokerAddress: { env: 'LEGAL_BROKER_ADDRESS', demo: '12 rue des Tanneurs, 69002 Lyon' },
  brokerCapital: { env: 'LEGAL_BROKER_CAPITAL', demo: '50 000 €' },
  brokerRcs: { env: 'LEGAL_BROKER_RCS', demo: 'Lyon 900 000 001 (fictif)' },
  brokerVat: { env: 'LEGAL_BROKER_VAT', demo: 'FR00 900000001 (fictif)' },
  brokerOrias: { env: 'LEGAL_BROKER_ORIAS', demo: '26 000 001 (fictif)' },
  publicationDirector: { env: 'LEGAL_PUBLICATION_DIRECTOR', demo: 'Claire Fictive, présidente' },
  brokerAssociation: {
    env: 'LEGAL_BROKER_ASSOCIATION',
    demo: 'l’Association Fictive des Courtiers (association professionnelle de démonstration)',
  },
  insurerName: { env: 'LEGAL_INSURER_NAME', demo: 'Mutuelle Fictive d’Assurances' },
  insurerIdentity: {
    env: 'LEGAL_INSURER_IDENTITY',
    demo: 'société d’assurance mutuelle, siège social 1 place Imaginaire, 75000 Paris, RCS Paris 900 000 002 (fictif)',
  },
  insurerLinks: {
    env: 'LEGAL_INSURER_LINKS',
    demo: 'aucune participation, directe ou indirecte, détenue par ou dans une entreprise d’assurance',
  },
  host: {
    env: 'LEGAL_HOST',
    demo: 'Hébergeur Fictif SAS, 2 rue des Serveurs, 59000 Lille, 01 99 00 00 00',
  },
  dpoEmail: { env: 'LEGAL_DPO_EMAIL', demo: 'dpo@courtage-horizon.invalid' },
  mediator: {
    env: 'LEGAL_MEDIATOR',
    demo: 'La Médiation de l’Assurance, TSA 50110, 75441 Paris Cedex 09',
  },
} as const;

export type LegalIdentityKey = keyof typeof LEGAL_IDENTITY_FIELDS;
export type LegalIdentity = Record<LegalIdentityKey, string>;

const KEYS = Object.keys(LEGAL_IDENTITY_FIELDS) as LegalIdentityKey[];

/** The identity from the environment; `missing` lists the variables without a value. */
export function readLegalIdentity(
  env: NodeJS.ProcessEnv,
  demoMode: boolean,
): { identity: LegalIdentity; missing: string[] } {
  const missing: string[] = [];
  const identity = {} as LegalIdentity;
  for (const key of KEYS) {
    const field = LEGAL_IDENTITY_FIELDS[key];
    const value = env[field.env]?.trim();
    if (value) identity[key] = value;
    else if (demoMode) identity[key] = field.demo;
    else missing.push(field.env);
  }
  return { identity, missing };
}

const TOKEN = /\{\{\s*([A-Za-z]+)\s*\}\}/g;

/** Puts the identity's values in place of `{{key}}`; an unknown key is a content error. */
export function fillLegalIdentity(text: string, identity: LegalIdentity, source: string): string {
  return text.replace(TOKEN, (_match, key: string) => {
    if (!(key in identity))
      throw new Error(`${source}: {{${key}}} n’est pas une donnée légale connue`);
    return identity[key as LegalIdentityKey];
  });
}
