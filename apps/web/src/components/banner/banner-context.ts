import { createContext, useContext } from 'react';

export type BannerLevel = 'success' | 'warn' | 'error';
/** A link shown after the message, e.g. to follow a request in 'Mes demandes'. */
export interface BannerLink {
  to: string;
  label: string;
}
export interface BannerState {
  level: BannerLevel;
  message: string;
  link?: BannerLink | undefined;
}
export interface BannerApi {
  banner: BannerState | null;
  showBanner(level: BannerLevel, message: string, link?: BannerLink): void;
  clearBanner(): void;
}

export const BannerContext = createContext<BannerApi | null>(null);

/** docs/product/README.md "Banner": shown with a level and a message, hidden by clear, cleared on route change. */
export function useBanner(): BannerApi {
  const api = useContext(BannerContext);
  if (!api) throw new Error('useBanner outside of BannerProvider');
  return api;
}
