// The terms of use list what the portal does, and the privacy policy names the data each of its
// features keeps (docs/product/legal-and-cookies.md « What the pages promise »). One table below
// ties every route of the portal (apps/web/src/lib/paths.ts) to a feature, each feature to its
// line of the terms' list (content/legal/generalConditions.md, Article 3) and to what the privacy
// policy (personalInformation.md) must say of it; a second table ties each section of the data
// the customer can download (« Mes données », the contract's dataExportContentSchema) to the
// policy's words. So:
// - a new route fails until it is given a feature (or said to be none), and that feature a line
//   of the terms and its words in the policy;
// - a route removed fails until its feature leaves the table, and then the terms' line that
//   promised it fails until it is removed: every line of the list must be a feature's;
// - a line removed from the terms, or a policy that stops naming a feature's data, fails.
// That the labels the content quotes are the portal's own is content-promises.test.ts.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dataExportContentSchema } from '@espace/contract';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../web/src/lib/paths';

const CONTENT = fileURLToPath(new URL('../../../../content/legal/', import.meta.url));
/** A legal page as the customer reads it: no-break spaces read as spaces. */
const page = (name: string) =>
  readFileSync(`${CONTENT}${name}.md`, 'utf8').replace(/[\u00a0\u202f]/g, ' ');

type Route = keyof typeof paths;

interface Feature {
  routes: Route[];
  /** Its line in the list of the terms' Article 3 (a line starts with « - »). */
  terms: RegExp;
  /** What the privacy policy says of the data it keeps, each somewhere in the policy. */
  privacy: RegExp[];
}

const FEATURES: Record<string, Feature> = {
  contracts: {
    routes: ['home', 'policies', 'coverages'],
    terms: /^de consulter vos contrats, vos garanties/,
    privacy: [/données du contrat/, /données relatives au véhicule/, /coefficient de bonus-malus/],
  },
  documents: {
    routes: ['documents', 'documentsTabPattern', 'documentsTab'],
    terms: /^de télécharger vos documents .* et de transmettre les justificatifs/,
    privacy: [/documents transmis/],
  },
  addresses: {
    routes: ['account', 'accountAddress', 'changeAddress'],
    terms: /^de consulter et de modifier votre adresse personnelle et l’adresse du lieu de garage/,
    privacy: [/adresse postale/, /adresse du lieu de garage/],
  },
  changes: {
    routes: ['addDriver', 'removeDriver', 'changeVehicle', 'changePaymentDetails'],
    terms: /^de demander une modification de votre contrat/,
    privacy: [/données relatives aux conducteurs/, /données bancaires/],
  },
  claims: {
    routes: ['claims', 'claimsFor', 'claimStepPattern', 'claimStep', 'claimSent'],
    terms: /^de déclarer un sinistre/,
    // The place as stored: what was typed or picked, the phone's position only when asked for,
    // rounded; photos without their metadata; drafts and their purge.
    privacy: [
      /lieu est enregistré tel que vous l’avez saisi ou choisi/,
      /« Utiliser ma position »/,
      /arrondie à une dizaine de mètres/,
      /sans leurs métadonnées/,
      /déclaration de sinistre commencée et non envoyée est supprimée 30 jours/,
    ],
  },
  termination: {
    routes: ['contractTerminationPattern', 'contractTermination'],
    terms: /^de résilier un contrat en ligne/,
    privacy: [/résiliation/],
  },
  requests: {
    routes: ['accountRequests', 'accountRequestPattern', 'accountRequest'],
    terms: /^de suivre chacune de vos demandes.*\[Mes demandes\]/,
    privacy: [/historique de vos demandes et des réponses de votre courtier/],
  },
  messages: {
    routes: ['messages', 'messageNew', 'messageNewAbout', 'conversationPattern', 'conversation'],
    terms: /^d’écrire à votre courtier et de lire ses réponses dans la \[Messagerie\]/,
    privacy: [
      /contenu des messages que vous écrivez dans la « Messagerie »/,
      /brouillon d’un message/,
      /ne reprennent jamais le contenu de vos messages/,
    ],
  },
  complaints: {
    routes: ['complaint', 'complaintAbout', 'complaintFromConversation'],
    terms: /^d’adresser une réclamation/,
    privacy: [/\*\*réclamations\*\*/, /registre/],
  },
  security: {
    routes: ['accountPassword', 'accountSecurity'],
    terms:
      /^de gérer votre mot de passe et.*rubrique Sécurité.*clés d’accès.*double authentification/,
    privacy: [
      /mot de passe sous forme hachée/,
      /moyen utilisé \(mot de passe ou clé d’accès\)/,
      /navigateur et le système de l’appareil/,
      /clés d’accès, leur clé publique/,
      /double authentification, le secret/,
      /connexion depuis un nouvel appareil/,
      /\*\*sessions\*\*/,
      /\*\*historique de vos connexions\*\*/,
    ],
  },
  dataExport: {
    routes: ['accountData'],
    terms: /^d’obtenir une copie des données.*rubrique Mes données/,
    privacy: [/rubrique Mes données/, /\*\*copie de vos données\*\* : l’archive/, /7 jours/],
  },
  preferences: {
    routes: ['accountCommunication', 'cookies'],
    terms: /^de gérer vos préférences de communication et vos choix en matière de cookies/,
    privacy: [/prospection commerciale/, /Gestion des cookies/],
  },
  deletion: {
    routes: ['accountDelete'],
    terms: /^de supprimer votre compte en ligne/,
    privacy: [/La suppression de votre compte en ligne efface/],
  },
  help: {
    routes: ['contact', 'faq'],
    terms: /^de contacter notre service client.*rappelé.*FAQ/,
    privacy: [/demandes de rappel/],
  },
};

/** The routes that are no feature of their own, and why. */
const NOT_FEATURES: Partial<Record<Route, string>> = {
  rules: 'a legal page: these texts themselves',
  generalConditions: 'a legal page: these texts themselves',
  personalInformation: 'a legal page: these texts themselves',
  accessibility: 'a legal page: these texts themselves',
  notFound: 'the page of an address that is none of the portal’s',
  authCallback: 'where the sign-in comes back to',
  loggedOut: 'the end of a sign-out',
  accountDeleted: 'the end of the sign-out after an account deletion',
};

/**
 * What each section of the data the customer downloads in « Mes données » is called in the
 * privacy policy's list of the data collected: the portal cannot hand over a kind of data the
 * policy does not name.
 */
const EXPORT_SECTIONS: Record<string, RegExp | null> = {
  format: null, // the archive's own description
  version: null,
  generatedAt: null,
  account: /\*\*identité et coordonnées\*\*/,
  consentHistory: /consentement à la prospection commerciale et son historique/,
  contracts: /\*\*données du contrat\*\*/,
  documents: /\*\*documents transmis\*\*/,
  requests: /historique de vos demandes/,
  claims: /\*\*données relatives aux sinistres\*\*/,
  conversations: /\*\*vos échanges avec votre courtier\*\*/,
  signIns: /pour chaque connexion, sa date et son heure/,
  security: /pour la double authentification/,
  passkeys: /pour vos clés d’accès/,
  owedDocuments: /la liste des documents que votre courtier vous demande/,
  claimDrafts: /déclaration d’un sinistre en ligne et ses brouillons/,
  messageDrafts: /le brouillon d’un message que vous n’avez pas encore envoyé/,
  dataExports: /\*\*vos demandes de copie de vos données\*\*/,
  staffAccesses: /chaque consultation de votre dossier par un conseiller est enregistrée/,
};

/** The lines of the list in the terms' Article 3, « - » dropped. */
function termsLines(): string[] {
  const text = page('generalConditions');
  const article = text.slice(
    text.indexOf('## Article 3 – Services proposés'),
    text.indexOf('## Article 4'),
  );
  return article
    .split('\n')
    .filter((line) => line.startsWith('- '))
    .map((line) => line.slice(2));
}

describe('the legal pages and the portal’s features', () => {
  const claimed = Object.values(FEATURES).flatMap((f) => f.routes);

  it('gives every route of the portal a feature, or says why it is none', () => {
    const routes = Object.keys(paths) as Route[];
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.filter((r) => !claimed.includes(r) && !(r in NOT_FEATURES))).toEqual([]);
  });

  it('names only routes the portal has, each once', () => {
    const named = [...claimed, ...Object.keys(NOT_FEATURES)];
    expect(named.filter((r) => !(r in paths))).toEqual([]);
    expect(named.filter((r, i) => named.indexOf(r) !== i)).toEqual([]);
  });

  it('lists each feature in the terms of use, once, and nothing the portal does not do', () => {
    const lines = termsLines();
    expect(lines.length).toBeGreaterThan(5);
    const linesOf = (f: Feature) => lines.filter((line) => f.terms.test(line));
    const unlisted = Object.entries(FEATURES)
      .filter(([, f]) => linesOf(f).length !== 1)
      .map(([name, f]) => `${name}: ${linesOf(f).length} lines match ${f.terms}`);
    expect(unlisted).toEqual([]);
    const orphans = lines.filter(
      (line) => Object.values(FEATURES).filter((f) => f.terms.test(line)).length !== 1,
    );
    expect(orphans).toEqual([]);
    // The list is the whole of what the portal does, not examples of it.
    expect(page('generalConditions')).toContain('Le portail vous permet :');
  });

  it('does not deny a feature the portal has', () => {
    expect(page('generalConditions')).not.toMatch(/ne permet pas de déclarer un sinistre/);
  });

  it('names in the privacy policy the data each feature keeps', () => {
    const policy = page('personalInformation');
    const unnamed = Object.entries(FEATURES).flatMap(([name, f]) =>
      f.privacy.filter((words) => !words.test(policy)).map((words) => `${name}: ${words}`),
    );
    expect(unnamed).toEqual([]);
  });

  it('names in the privacy policy every kind of data « Mes données » hands over', () => {
    const policy = page('personalInformation');
    const sections = Object.keys(dataExportContentSchema.shape);
    expect(sections.filter((s) => !(s in EXPORT_SECTIONS))).toEqual([]);
    expect(Object.keys(EXPORT_SECTIONS).filter((s) => !sections.includes(s))).toEqual([]);
    const unnamed = Object.entries(EXPORT_SECTIONS)
      .filter(([, words]) => words !== null && !words.test(policy))
      .map(([section, words]) => `${section}: ${words}`);
    expect(unnamed).toEqual([]);
  });
});
