// Figure: the gzipped JavaScript loaded for the policies page after sign-in (goal ≤ 110 KiB):
// the entry chunk, the portal it loads on the sign-in callback and the lazily loaded policies
// route, each with its static imports.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

const dist = path.resolve(import.meta.dirname, '../apps/web/dist');
export const BUDGET_KIB = 110;

export function policiesPageJavaScript(): { files: string[]; gzipBytes: number; rawBytes: number } {
  const manifest = JSON.parse(
    readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'),
  ) as Record<string, ManifestChunk>;
  const keys = new Set<string>();
  const visit = (key: string) => {
    if (keys.has(key)) return;
    keys.add(key);
    for (const dep of manifest[key]?.imports ?? []) visit(dep);
  };
  for (const [key, chunk] of Object.entries(manifest)) {
    if (
      chunk.isEntry ||
      key.endsWith('src/portal.tsx') ||
      key.endsWith('src/app/app.tsx') ||
      key.endsWith('features/policies/routes/policies-page.tsx')
    )
      visit(key);
  }
  const files = [...keys].map((k) => manifest[k]!.file).filter((f) => f.endsWith('.js'));
  let gzipBytes = 0;
  let rawBytes = 0;
  for (const file of files) {
    const content = readFileSync(path.join(dist, file));
    rawBytes += content.length;
    gzipBytes += gzipSync(content, { level: 9 }).length;
  }
  return { files, gzipBytes, rawBytes };
}

export function reportBundleSize(): void {
  const { files, gzipBytes, rawBytes } = policiesPageJavaScript();
  const kib = (n: number) => (n / 1024).toFixed(1);
  console.info(
    `Policies page JavaScript: ${files.length} files, ${kib(rawBytes)} KiB raw, ${kib(gzipBytes)} KiB gzipped (goal ≤ ${BUDGET_KIB} KiB)`,
  );
  for (const f of files) console.info(`  ${f}`);
}
