// The brand's name as the page's skin shows it. Both names are written and the skins' style sheet
// (public/brand/brands.css) shows the one brand.js switched on before the first paint: the server
// that draws the first screen does not know the skin kept in the browser's storage, and the
// browser that hydrates it must draw the same HTML.
import { BRANDS, type BrandKey } from '../../lib/brand';

export function BrandName() {
  return (Object.keys(BRANDS) as BrandKey[]).map((key) => (
    <span key={key} data-brand-name={key}>
      {BRANDS[key].name}
    </span>
  ));
}
