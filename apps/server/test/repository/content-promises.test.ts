// The FAQ and the legal pages promise only what the portal does. What the content
// quotes as a screen, a tab, a button, a menu entry, a form field or a message (in bold, between
// « », or as the tab or section a link names) must be a real text of the portal (the SPA, the
// shared contract, the sign-in pages); the documents it says can be downloaded must be among
// those the portal offers. Renaming a label in the app, or promising a document in the content
// that the download list does not have, fails here. (That every internal link leads to a screen
// is e2e/specs/feedback.spec.ts.)
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { GENERATED_DOCUMENTS } from '@espace/contract';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../..', import.meta.url));

function filesUnder(dir: string, keep: (name: string) => boolean): string[] {
  return readdirSync(path.join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && keep(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** No-break spaces read as spaces, runs of white space as one (JSX text spans lines). */
const spaces = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
const squeeze = (text: string) => spaces(text).replace(/\s+/g, ' ').trim();

/**
 * Every string of a source as the customer reads it: literals, JSX text, and templates with
 * `${NBSP}` read as a space (other substitutions as '…'), read with the TypeScript parser so that
 * comments are not texts of the portal.
 */
function stringsOf(file: string): string[] {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const code = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, kind);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isJsxText(node))
      found.push(squeeze(node.text));
    else if (ts.isTemplateExpression(node)) {
      const parts = node.templateSpans.map(
        (span) =>
          (ts.isIdentifier(span.expression) && span.expression.text === 'NBSP' ? ' ' : '…') +
          span.literal.text,
      );
      found.push(squeeze(node.head.text + parts.join('')));
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Every text the customer can see in the portal: the SPA, the contract, the sign-in pages. */
const PORTAL_TEXTS = new Set(
  [
    ...filesUnder('apps/web/src', (n) => /\.tsx?$/.test(n) && !/\.test\./.test(n)),
    ...filesUnder('packages/contract/src', (n) => n.endsWith('.ts') && !/\.test\./.test(n)),
    ...filesUnder('apps/server/src/oidc', (n) => n.endsWith('.ts')),
  ].flatMap(stringsOf),
);

/** A quoted label is a text of the portal, or the start of one (a message quoted up to its end). */
const isPortalText = (label: string) =>
  PORTAL_TEXTS.has(label) ||
  [...PORTAL_TEXTS].some(
    (text) => text.startsWith(label) && /^[.,;:!?]/.test(text.slice(label.length)),
  );

/** The strings of one source, e.g. the entries of a menu. */
const textsOf = (file: string) => new Set(stringsOf(path.join(ROOT, file)));

/** The entries of a policy's 'Faire un changement' menu (and the card's other texts). */
const CHANGE_MENU = textsOf('apps/web/src/features/policies/components/policy-card.tsx');
/** The sections of 'Mon compte' and the tabs of 'Mes documents', which links name. */
const SECTIONS = new Set([
  ...textsOf('apps/web/src/features/account/texts.ts'),
  ...textsOf('apps/web/src/features/account/nav-texts.ts'),
  ...textsOf('apps/web/src/features/documents/texts.ts'),
]);

const CONTENT = ['faq', 'legal'].flatMap((dir) =>
  filesUnder(path.join('content', dir), (n) => n.endsWith('.md')).map((file) => ({
    name: path.relative(path.join(ROOT, 'content'), file),
    text: spaces(readFileSync(file, 'utf8')),
  })),
);

/**
 * Capitalised emphasis that quotes no label of the portal: brands and authorities, the
 * headings of a list, steps of a procedure, a section of /rules.
 */
const NOT_LABELS = new Set([
  // The subject line the accessibility statement asks for a report, not a screen's label.
  'Accessibilité',
  'Lumen Assurance',
  'Vireo Assurance',
  'Autorité de contrôle prudentiel et de résolution',
  'Commission nationale de l’informatique et des libertés (CNIL)',
  'Compte à l’étranger',
  'Compte d’un tiers',
  'Cookies nécessaires',
  'Cookies de performance (mesure d’audience)',
  'Portez plainte',
  'Déclarez le vol',
  'Rassemblez',
  'Sur autoroute',
  'Aucun transfert',
  'Éditeur du site',
]);

/** What the content quotes as a label: bold, « », and the pages its links name. */
function quotedLabels(text: string): string[] {
  const emphasis = [
    ...[...text.matchAll(/\*\*([^*]+)\*\*/g)].map((m) => m[1]!),
    ...[...text.matchAll(/«\s*([^»]+?)\s*»/g)].map((m) => m[1]!),
  ];
  const linkParts = [...text.matchAll(/\[([^\]]+)\]\(\/[^)]*\)/g)].flatMap((m) =>
    m[1]!.split(', ').filter((part) => !/^(onglet|rubrique) /.test(part)),
  );
  return [...emphasis, ...linkParts]
    .map(squeeze)
    .filter((label) => /^\p{Lu}/u.test(label) && !label.includes('{{'));
}

/** The tab or section of a screen that the content names: 'rubrique X', 'onglet X'. */
const sectionLabels = (text: string) =>
  [
    // [Mon compte, rubrique Mot de Passe](/account/password)
    ...[...text.matchAll(/\[[^\]]*?(?:rubrique|onglet) ([^\]]+)\]\(\//g)].map((m) => m[1]!),
    // la rubrique [Supprimer le Compte](/account/accountDelete)
    ...[...text.matchAll(/(?:rubrique|onglet) \[([^\]]+)\]\(\//g)].map((m) => m[1]!),
  ].map(squeeze);

/** The entries the content chooses in the 'Faire un changement' menu. */
const menuChoices = (text: string) =>
  text
    .split(/(?<=[.!?])\s+|\n+/)
    .filter((sentence) => sentence.includes('**Faire un changement**'))
    .flatMap((sentence) =>
      [...sentence.split('**Faire un changement**')[1]!.matchAll(/\*\*([^*]+)\*\*/g)].map((m) =>
        squeeze(m[1]!),
      ),
    );

/** Where the documents of the 'Téléchargement' tab besides the generated ones come from. */
const STORED_DOCUMENTS = [
  { name: 'Conditions générales.pdf', source: 'apps/server/src/seed/demo-documents.ts' },
  {
    name: 'Accusé de réception résiliation',
    source: 'apps/server/src/services/termination/receipt-pdf.ts',
  },
];
/** Documents the portal neither generates nor stores: no sentence may offer them for download. */
const NOT_OFFERED = ['conditions particulières', 'avenant', 'avis d’échéance', 'échéancier'];

describe('the FAQ and legal pages promise only what the portal does', () => {
  it('reads every content file', () => {
    expect(CONTENT.length).toBeGreaterThanOrEqual(12);
  });

  it('quotes only labels and messages that the portal shows', () => {
    const unknown = CONTENT.flatMap(({ name, text }) =>
      quotedLabels(text)
        .filter((label) => !NOT_LABELS.has(label) && !isPortalText(label))
        .map((label) => `${name}: ${label}`),
    );
    expect(unknown).toEqual([]);
  });

  it('names the sections and tabs as the screens do, and the change menu’s real entries', () => {
    const sections = CONTENT.flatMap(({ name, text }) => sectionLabels(text).map((s) => [name, s]));
    expect(sections.length).toBeGreaterThan(5);
    expect(sections.filter(([, label]) => !SECTIONS.has(label!)).map((s) => s.join(': '))).toEqual(
      [],
    );
    const choices = CONTENT.flatMap(({ name, text }) => menuChoices(text).map((c) => [name, c]));
    expect(choices.length).toBeGreaterThan(5);
    expect(
      choices.filter(([, choice]) => !CHANGE_MENU.has(choice!)).map((c) => c.join(': ')),
    ).toEqual([]);
  });

  it('offers for download only the documents of the download list', () => {
    const download = /\/documents\/0\)|Mes documents|télécharg|à votre disposition/i;
    const promises = CONTENT.flatMap(({ name, text }) =>
      text
        .split(/(?<=[.!?])\s+|\n+/)
        .filter((sentence) => download.test(sentence))
        .filter((sentence) => NOT_OFFERED.some((doc) => sentence.toLowerCase().includes(doc)))
        .map((sentence) => `${name}: ${sentence}`),
    );
    expect(promises).toEqual([]);
    // What the content offers instead: the generated documents and these stored ones.
    for (const { name, source } of STORED_DOCUMENTS)
      expect(readFileSync(path.join(ROOT, source), 'utf8')).toContain(name);
  });

  it('names the generated documents as the download list does', () => {
    const miswritten = CONTENT.flatMap(({ name, text }) =>
      Object.values(GENERATED_DOCUMENTS).flatMap(({ title }) =>
        [...text.matchAll(new RegExp(title.split(' ').join('\\s+'), 'giu'))]
          .map((m) => m[0])
          // Lower case is the common noun ('votre attestation d’assurance'); a capital starts
          // the document's name, which must then be written as the list writes it.
          .filter((written) => /^\p{Lu}/u.test(written) && written !== title)
          .map((written) => `${name}: ${written}`),
      ),
    );
    expect(miswritten).toEqual([]);
  });
});
