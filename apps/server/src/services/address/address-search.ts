// One interface for the place search (docs/decisions/0017-offline-addresses.md), whichever provider answers:
// the offline list of communes by default, the national address service (Géoplateforme) when
// ADDRESS_SEARCH_URL is set, with the offline list as its fall-back.
import type { AddressSuggestion } from '@espace/contract';

export interface AddressSearch {
  /**
   * Whether the search finds streets and numbers (the national address service) or only
   * communes and postal codes (offline): the label says so, and validateAddress can check a
   * street only when it is true (docs/decisions/0044-address-truthfulness-and-complement.md).
   */
  readonly streets: boolean;
  /** Suggestions for a query of 2 to 100 characters, best first, at most 10. */
  search(query: string): Promise<AddressSuggestion[]>;
}

/** The part of a pino logger the providers use; no personal data is passed to it. */
export interface WarnLogger {
  warn(details: Record<string, unknown>, message: string): void;
}
