// No import cycle in the server, the portal, the console or the contract, not even through a
// type-only import. This test is the repository's one cycle check: it reads every module's
// imports with the TypeScript parser, `import type` and `import()` included, and looks for a
// cycle among them, in a quarter of a second. ESLint's import-x/no-cycle, which did it before,
// skips `import type` (no option turns it on) and took 9 CPU-s of the lint, parsing again every
// module it followed.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { expect, it } from 'vitest';

const repo = path.resolve(import.meta.dirname, '../../../..');
const ROOTS = [
  'apps/server/src',
  'apps/server/scripts',
  'bench',
  'apps/web/src',
  'apps/console/src',
  'packages/contract/src',
];

function modules(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : modules(file);
    return /\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

function resolved(from: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(from), specifier);
  // A module of another language (scripts/builds.mjs) is no directory: `base/index.ts` is no path.
  const isFile = (file: string) => {
    try {
      return statSync(file, { throwIfNoEntry: false })?.isFile() ?? false;
    } catch {
      return false;
    }
  };
  const candidates = [`${base}.ts`, `${base}.tsx`, base, path.join(base, 'index.ts')];
  return candidates.find((file) => /\.tsx?$/.test(file) && isFile(file));
}

/** A module's relative imports, `import type` and `import()` included. */
const relativeImports = (source: string) =>
  ts
    .preProcessFile(source, true, true)
    .importedFiles.map(({ fileName }) => fileName)
    .filter((specifier) => specifier.startsWith('.'));

function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of ROOTS.flatMap((root) => modules(path.join(repo, root)))) {
    const imports = relativeImports(readFileSync(file, 'utf8'))
      .map((specifier) => resolved(file, specifier))
      .filter((target) => target !== undefined);
    graph.set(file, imports);
  }
  return graph;
}

/** One cycle of the graph as the list of its modules, or undefined (a depth-first search). */
function findCycle(graph: Map<string, string[]>): string[] | undefined {
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (file: string): string[] | undefined => {
    const at = path.indexOf(file);
    if (at >= 0) return [...path.slice(at), file];
    if (done.has(file)) return undefined;
    path.push(file);
    for (const target of graph.get(file) ?? []) {
      const cycle = visit(target);
      if (cycle) return cycle;
    }
    path.pop();
    done.add(file);
    return undefined;
  };
  for (const file of graph.keys()) {
    const cycle = visit(file);
    if (cycle) return cycle;
  }
  return undefined;
}

it('finds a cycle made only of type imports (the check can fail)', () => {
  expect(relativeImports("import type { B } from './b';\nimport { x } from 'zod';")).toEqual([
    './b',
  ]);
  const graph = new Map([
    ['a.ts', ['b.ts']],
    ['b.ts', ['c.ts']],
    ['c.ts', ['a.ts']],
  ]);
  expect(findCycle(graph)).toEqual(['a.ts', 'b.ts', 'c.ts', 'a.ts']);
});

it('has no import cycle in the server, the portal, the console or the contract, type-only imports included', () => {
  const graph = importGraph();
  // Every root was read, the portal's .tsx modules included.
  for (const root of ROOTS)
    expect([...graph.keys()].some((file) => file.startsWith(path.join(repo, root)))).toBe(true);
  expect([...graph.keys()].filter((file) => file.endsWith('.tsx')).length).toBeGreaterThan(50);
  const cycle = findCycle(graph)?.map((file) => path.relative(repo, file));
  expect(cycle).toBeUndefined();
});
