// The contract's modules build zod schemas at their top level (`z.object(…)`, `fooSchema.nullable()`)
// next to the plain rules and texts the SPA uses. Those calls are not known to be side-effect free,
// so importing one rule (e.g. isTerminated from policy-rules, which reads POLICY_STATES from
// policy.ts) would keep every schema of the module and all of zod in the entry chunk. This build
// step marks each such top-level construction pure, in the contract's modules only: an unused
// schema goes; a screen that validates with one still gets it (and zod) in its own chunk.
//
// Only there: the bundler's global list of pure function names (treeshake.manualPureFunctions),
// used before, also matched the one-letter names of libraries' minified code (Preact's `z` and
// `M` when the portal ran on it) and dropped calls their rendering needed
// (docs/decisions/0083-preact-in-the-portal.md).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseAst, type Plugin } from 'vite';

const contractRoot = path.resolve(import.meta.dirname, '../../packages/contract/src');

/** The names whose calls build a schema: `z`, and the contract's top-level schemas and helpers. */
function schemaBuilders(): Set<string> {
  const names = new Set(['z']);
  for (const entry of readdirSync(contractRoot, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts') || entry.name.endsWith('.test.ts')) continue;
    const source = readFileSync(path.join(entry.parentPath, entry.name), 'utf8');
    // The modules that take `z` from zod itself or from the contract's configured one (shared/zod.ts).
    if (!/from '(zod|(\.\.?\/)+(shared\/)?zod)'/.test(source)) continue;
    // Its top-level names: the schemas and the helpers that build them (safeString(), …).
    for (const [, name] of source.matchAll(/^(?:export )?(?:const|function) (\w+)/gm))
      names.add(name!);
  }
  return names;
}

type Node = { type: string; start: number; end: number; [key: string]: unknown };

/** The identifier a call chain starts from: `z` for `z.object({…}).strict()`. */
function rootName(node: Node): string | undefined {
  let current: Node | undefined = node;
  while (current) {
    if (current.type === 'Identifier') return current['name'] as string;
    if (current.type === 'CallExpression' || current.type === 'NewExpression')
      current = current['callee'] as Node;
    else if (current.type === 'MemberExpression') current = current['object'] as Node;
    else return undefined;
  }
  return undefined;
}

const isCall = (node: Node) => node.type === 'CallExpression' || node.type === 'NewExpression';

/**
 * Whether a top-level initialiser only builds schemas: a call chain from a builder, or an object
 * literal of shared fields (`const common = { id: safeString(), … }`, spread into several
 * `z.object`) whose values are builder calls or plain literals. Anything else (a call of another
 * function, a spread, a getter) is left as written.
 */
function buildsSchemas(init: Node, builders: Set<string>): boolean {
  if (isCall(init)) return builders.has(rootName(init) ?? '');
  if (init.type !== 'ObjectExpression') return false;
  const values = (init['properties'] as Node[]).map((property) =>
    property.type === 'Property' && property['kind'] === 'init' && !property['computed']
      ? (property['value'] as Node)
      : undefined,
  );
  return (
    values.some((value) => value && isCall(value)) &&
    values.every(
      (value) =>
        value && (value.type === 'Literal' || (isCall(value) && buildsSchemas(value, builders))),
    )
  );
}

/** `const x = z.object(…)` becomes `const x = /* @__PURE__ *\/ (() => (z.object(…)))()`. */
export function pureSchemas(): Plugin {
  const builders = schemaBuilders();
  return {
    name: 'espace-pure-schemas',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      const file = id.split('?')[0]!;
      if (!file.startsWith(contractRoot + path.sep) || !file.endsWith('.ts')) return null;
      const inits: Node[] = [];
      for (const statement of parseAst(code, { lang: 'ts' }).body as unknown as Node[]) {
        const declaration =
          statement.type === 'ExportNamedDeclaration'
            ? (statement['declaration'] as Node)
            : statement;
        if (declaration?.type !== 'VariableDeclaration') continue;
        for (const { init } of declaration['declarations'] as { init: Node | null }[])
          if (init && buildsSchemas(init, builders)) inits.push(init);
      }
      if (inits.length === 0) return null;
      let out = code;
      for (const { start, end } of inits.reverse())
        out = `${out.slice(0, start)}/* @__PURE__ */ (() => (${out.slice(start, end)}))()${out.slice(end)}`;
      return { code: out, map: null };
    },
  };
}
