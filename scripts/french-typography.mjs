#!/usr/bin/env node
// French typography of content/: a no-break space (U+00A0) before ! ? : ; and inside
// « », and the typographic apostrophe (’). Run `node scripts/french-typography.mjs` after editing
// content; apps/server/test/routes/content/legal-pages.test.ts fails while a file needs it.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../content');

/** The text with French typography applied; code spans and link targets are left alone. */
export function frenchTypography(text) {
  return text
    .split(/(`[^`]*`|\]\([^)]*\))/)
    .map((part, i) =>
      i % 2 === 1
        ? part
        : part
            .replace(/ ([!?:;])/g, '\u00a0$1')
            .replace(/« /g, '«\u00a0')
            .replace(/ »/g, '\u00a0»')
            .replace(/(\p{L})'(\p{L})/gu, '$1’$2'),
    )
    .join('');
}

if (process.argv[1] === import.meta.filename) {
  for (const dir of ['faq', 'legal']) {
    for (const name of readdirSync(path.join(root, dir))) {
      const file = path.join(root, dir, name);
      const text = readFileSync(file, 'utf8');
      const fixed = frenchTypography(text);
      if (fixed !== text) {
        writeFileSync(file, fixed);
        console.info(`corrigé : ${dir}/${name}`);
      }
    }
  }
}
