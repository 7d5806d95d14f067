// Figure: the gzipped JavaScript loaded for the policies page after sign-in (goal ≤ 100 KiB,
// docs/decisions/0114-the-first-screen-before-its-script.md):
// the entry chunk, the portal it loads on the sign-in callback and the lazily loaded policies
// route, each with its static imports (http/spa-manifest.ts, which the sign-in page uses to
// prefetch them).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { firstScreenFiles } from '../apps/server/src/http/spa-manifest';
import { recordFigure } from './figures';

const dist = path.resolve(import.meta.dirname, '../apps/web/dist');
export const BUDGET_KIB = 100;

export function policiesPageJavaScript(): { files: string[]; gzipBytes: number; rawBytes: number } {
  const files = firstScreenFiles(dist).scripts;
  if (files.length === 0) throw new Error('No SPA build: run "npm run build" first');
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
  recordFigure({
    name: 'initial JavaScript of the policies page, gzip -9',
    value: `${kib(gzipBytes)} KiB`,
    goal: `≤ ${BUDGET_KIB} KiB`,
    met: gzipBytes <= BUDGET_KIB * 1024,
  });
}
