// The colours and name a PDF is drawn in, read from the stylesheet that skins the portal
// (apps/web/public/brand/brands.css), so the documents and the screens cannot drift apart
// (docs/decisions/0039-brand-skins.md, 0049-releve-mentions-one-pdf-pipeline.md). A brand's
// block overrides `:root`; a property missing from both stops the document with an error
// naming it, never a colour of our own.
import { readFileSync } from 'node:fs';
import type { BrandKey } from '@espace/contract';
import postcss from 'postcss';
import { BRAND_CSS_PATH } from '../../config/config';

/** The custom properties a document uses, by the name the PDF layouts give them. */
const PROPERTIES = {
  brand: '--brand-name',
  primary: '--brand-primary',
  accent: '--brand-accent',
  accentSoft: '--brand-accent-soft',
  text: '--text',
  muted: '--text-muted',
  border: '--border',
} as const;

export type PdfSkin = Record<keyof typeof PROPERTIES, string>;

/** The custom properties of each selector's blocks, in the stylesheet's order. */
function customProperties(css: string, selector: string): Map<string, string> {
  const found = new Map<string, string>();
  postcss.parse(css).walkRules((rule) => {
    if (!rule.selectors.map((s) => s.replace(/"/g, "'")).includes(selector)) return;
    rule.walkDecls(/^--/, (decl) => {
      found.set(decl.prop, decl.value.trim());
    });
  });
  return found;
}

const unquote = (value: string) => value.replace(/^(['"])(.*)\1$/, '$2');

/** The skin of `brand` as the stylesheet defines it. */
export function skinFromCss(css: string, brand: BrandKey): PdfSkin {
  const root = customProperties(css, ':root');
  const own = customProperties(css, `[data-brand='${brand}']`);
  const skin = {} as PdfSkin;
  for (const [key, property] of Object.entries(PROPERTIES) as [keyof PdfSkin, string][]) {
    const value = own.get(property) ?? root.get(property);
    if (!value) throw new Error(`brands.css: ${property} manquant pour la marque ${brand}`);
    skin[key] = unquote(value);
  }
  return skin;
}

const cache = new Map<BrandKey, PdfSkin>();

/** The skin of `brand`, read from the portal's stylesheet once per process. */
export function pdfSkin(brand: BrandKey, cssPath = BRAND_CSS_PATH): PdfSkin {
  const cached = cache.get(brand);
  if (cached) return cached;
  const skin = skinFromCss(readFileSync(cssPath, 'utf8'), brand);
  cache.set(brand, skin);
  return skin;
}
