// What the portal's first screen loads after sign-in, read from the SPA build's Vite manifest
// (apps/web/dist/.vite/manifest.json): the entry, the portal it loads on the sign-in callback and
// the policies route (part of the portal's chunk today, counted apart should it be split again),
// each with its static imports. The sign-in page prefetches these files once the customer types
// (oidc/provider/pages.ts), and bench/bundle-size.ts weighs them.
import { readFileSync } from 'node:fs';
import path from 'node:path';

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}

/** The first screen's modules: the entry is added by the manifest itself. */
const FIRST_SCREEN = ['src/portal.tsx', 'features/policies/routes/policies-page.tsx'];

/** The first screen's files (scripts, then style sheets), relative to the build; [] without a build. */
export function firstScreenFiles(webDist: string): { scripts: string[]; styles: string[] } {
  let manifest: Record<string, ManifestChunk>;
  try {
    manifest = JSON.parse(
      readFileSync(path.join(webDist, '.vite/manifest.json'), 'utf8'),
    ) as Record<string, ManifestChunk>;
  } catch {
    return { scripts: [], styles: [] };
  }
  const keys = new Set<string>();
  const visit = (key: string) => {
    if (keys.has(key) || !manifest[key]) return;
    keys.add(key);
    for (const dependency of manifest[key].imports ?? []) visit(dependency);
  };
  for (const [key, chunk] of Object.entries(manifest))
    if (chunk.isEntry || FIRST_SCREEN.some((module) => key.endsWith(module))) visit(key);
  const chunks = [...keys].map((key) => manifest[key]!);
  return {
    scripts: chunks.map((c) => c.file).filter((file) => file.endsWith('.js')),
    styles: [...new Set(chunks.flatMap((c) => c.css ?? []))],
  };
}
