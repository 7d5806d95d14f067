// The brand script (apps/web/public/brand/brand.js, in the portal's build as brand/brand.js): it
// applies the skin the customer chose (browser storage) before the first paint. The portal's
// index.html carries it inline, first in the head (plugins/spa.ts): no request, and nothing for
// the parser to wait for before it reaches the first screen the server drew (a script waits for
// every style sheet above it). The CSP allows exactly that text, by its hash
// (plugins/security-headers.ts). The provider's pages load the file.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

export interface BrandScript {
  /** The script's text. */
  text: string;
  /** Its CSP source: `'sha256-…'`. */
  cspSource: string;
}

/** Where index.html loads the script; the server puts the text in its place. */
export const BRAND_SCRIPT_TAG = '<script src="/brand/brand.js"></script>';

/** The build's brand script, or undefined without a build (index.html then loads the file). */
export function readBrandScript(webDist: string): BrandScript | undefined {
  let text: string;
  try {
    text = readFileSync(path.join(webDist, 'brand', 'brand.js'), 'utf8');
  } catch {
    return undefined;
  }
  const hash = createHash('sha256').update(text, 'utf8').digest('base64');
  return { text, cspSource: `'sha256-${hash}'` };
}

/** `html` with the brand script inline in place of its tag. */
export function inlineBrandScript(html: string, script: BrandScript | undefined): string {
  return script ? html.replace(BRAND_SCRIPT_TAG, () => `<script>${script.text}</script>`) : html;
}
