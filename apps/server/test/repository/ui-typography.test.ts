// French typography of the interface's own words, as routes/content/legal-pages.test.ts checks content/:
// every string of apps/web/src, apps/console/src and packages/contract/src (texts.ts files, docs/product/README.md messages, field
// errors, JSX text, attributes), and of the server's services that write to the customer ('Mes
// demandes' summaries, the termination receipt, the generated documents), has a no-break space
// (U+00A0, as in content/) before ! ? : ; and inside « », and the typographic apostrophe ’. The
// sources are read with the TypeScript parser, so only the strings are checked, not the code.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const repo = path.resolve(import.meta.dirname, '../../../..');
const SOURCES = [
  'apps/web/src',
  'apps/console/src',
  'packages/contract/src',
  'apps/server/src/services/requests',
  'apps/server/src/services/termination',
  'apps/server/src/services/documents',
];
/** Strings that are not customer-facing French text: file and the string. */
const NOT_FRENCH: readonly [string, string][] = [
  // A developer's error: a route template used without one of its parameters.
  ['packages/contract/src/shared/api-paths.ts', 'apiPath: missing :'],
  // A log message, for the operator.
  [
    'apps/server/src/services/termination/request-termination.ts',
    'termination receipt not mailed; kept in the outbox',
  ],
];

const RULES: [RegExp, string][] = [
  [/ [!?:;]/u, 'espace ordinaire avant ! ? : ;'],
  [/\p{L}[!?;](?=\s|$)/u, 'pas d’espace avant ! ? ;'],
  [/« | »/u, 'espace ordinaire dans « »'],
  [/\p{L}'\p{L}/u, 'apostrophe droite'],
];

/** What is wrong with a string's typography, or null. */
function typographyFault(text: string): string | null {
  return RULES.find(([rule]) => rule.test(text))?.[1] ?? null;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.(test|d)\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** Every string of a source: literals, template parts and JSX text, with their line. */
function stringsOf(fileName: string, code: string): { line: number; text: string }[] {
  const kind = fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true, kind);
  const found: { line: number; text: string }[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateLiteralToken(node) ||
      ts.isJsxText(node)
    ) {
      const { line } = source.getLineAndCharacterOfPosition(node.getStart());
      found.push({ line: line + 1, text: node.text });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('French typography of the interface', () => {
  it('finds a plain space before punctuation, a missing one and a straight apostrophe', () => {
    const code = [
      "const a = { reason: 'Motif :', ok: 'Motif\\u00a0:', why: `Vraiment ${x} ?` };",
      'const b = <p>Choisir une date : {label}</p>;',
      'const c = <p title="Merci!">d\'un « mot »</p>;',
    ].join('\n');
    const faults = stringsOf('sample.tsx', code)
      .map(({ line, text }) => [line, typographyFault(text)])
      .filter(([, fault]) => fault);
    expect(faults).toEqual([
      [1, 'espace ordinaire avant ! ? : ;'],
      [1, 'espace ordinaire avant ! ? : ;'],
      [2, 'espace ordinaire avant ! ? : ;'],
      [3, 'pas d’espace avant ! ? ;'],
      [3, 'espace ordinaire dans « »'],
    ]);
    expect(typographyFault("l'adresse")).toBe('apostrophe droite');
    expect(typographyFault('À bientôt\u00a0! Formats acceptés\u00a0: pdf, l’adresse')).toBeNull();
  });

  it.each(SOURCES)('is applied to every string of %s', (dir) => {
    const faults: string[] = [];
    for (const file of sourceFiles(path.join(repo, dir))) {
      const relative = path.relative(repo, file);
      for (const { line, text } of stringsOf(file, readFileSync(file, 'utf8'))) {
        const fault = typographyFault(text);
        const allowed = NOT_FRENCH.some(([f, t]) => f === relative && t === text);
        if (fault && !allowed)
          faults.push(`${relative}:${line} ${fault} : ${JSON.stringify(text)}`);
      }
    }
    expect(faults).toEqual([]);
  });
});
