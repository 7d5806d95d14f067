// The two brand skins. brand.js (public/brand) applies the stored choice before the first paint;
// this module only reads which one is active.
export const BRANDS = {
  lumen: { name: 'Lumen Assurance', maker: 'Lumen Automobiles' },
  vireo: { name: 'Vireo Assurance', maker: 'Vireo Motors' },
} as const;
export type BrandKey = keyof typeof BRANDS;

export function currentBrandKey(): BrandKey {
  const key = document.documentElement.dataset.brand;
  return key && key in BRANDS ? (key as BrandKey) : 'lumen';
}
