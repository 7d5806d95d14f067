// The README and docs/ name files and folders of the repository, as links and as `code`: each
// must still be there, so that a reader who follows one finds it. A path may be written whole
// (`apps/server/test/support/harness.ts`) or from a folder the text is about
// (`routes/policies-page.tsx` in the policies feature): it holds when some file or folder of the
// repository ends with it. Build outputs and caches (`dist/`, `.ssr/`, `node_modules/`) and
// placeholders (`NNNN-name.ts`) are not files of the repository. Decision 0095 names what its
// renames replaced, on purpose.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

const repo = path.resolve(import.meta.dirname, '../../../..');

/** Folders that hold no file of the repository: what is installed, built or recorded by a run. */
const NOT_SOURCES = new Set(['node_modules', '.git', 'dist', '.ssr', 'test-results', 'coverage']);
/** A record of renames, which names the old paths. */
const OLD_NAMES_ON_PURPOSE = new Set(['docs/decisions/0095-one-name-per-thing.md']);

/** Every file and folder of the repository, as paths from its root (folders end with `/`). */
function repositoryPaths(folder = ''): string[] {
  return readdirSync(path.join(repo, folder), { withFileTypes: true }).flatMap((entry) => {
    const relative = folder ? `${folder}/${entry.name}` : entry.name;
    if (!entry.isDirectory()) return [relative];
    return NOT_SOURCES.has(entry.name) ? [] : [`${relative}/`, ...repositoryPaths(relative)];
  });
}

function documents(): string[] {
  const docs = repositoryPaths('docs').filter((file) => file.endsWith('.md'));
  return ['README.md', ...docs];
}

/** A `code` span that names a file (by its extension) or a folder (by its final `/`). */
const CODE_PATH =
  /`((?:\.\.?\/)?[\w@-][\w.@-]*(?:\/[\w.@-]+)*\/(?:[\w.@-]*\.(?:tsx?|mjs|js|json|md|ya?ml|cfg|sql|css|html))?)`/g;
const LINK = /\]\(([^)\s#]+)(?:#[^)]*)?\)/g;
const EXTERNAL = /^(?:[a-z]+:|\/\/)/;
const NOT_A_SOURCE = (token: string) =>
  /NNNN|(?:^|\/)NN-/.test(token) || token.split('/').some((part) => NOT_SOURCES.has(part));

/** Every path of the repository and each of its ends after a `/`: what a doc may name. */
function nameable(): Set<string> {
  const names = new Set<string>();
  for (const known of repositoryPaths()) {
    const parts = known.split('/');
    for (let i = 0; i < parts.length; i += 1) names.add(parts.slice(i).join('/'));
  }
  return names;
}

it('every path the README and docs/ name is a file or folder of the repository', () => {
  const names = nameable();
  const holds = (token: string) => names.has(token);
  const missing: string[] = [];
  for (const doc of documents()) {
    const text = readFileSync(path.join(repo, doc), 'utf8');
    const relativeTo = (target: string) => path.join(repo, path.dirname(doc), target);
    for (const [, target] of text.matchAll(LINK))
      if (!EXTERNAL.test(target!) && !existsSync(relativeTo(target!)))
        missing.push(`${doc}: link ${target}`);
    if (OLD_NAMES_ON_PURPOSE.has(doc)) continue;
    for (const [, token] of text.matchAll(CODE_PATH)) {
      if (NOT_A_SOURCE(token!)) continue;
      const found = token!.startsWith('.') ? existsSync(relativeTo(token!)) : holds(token!);
      if (!found) missing.push(`${doc}: ${token}`);
    }
  }
  expect(missing).toEqual([]);
});
