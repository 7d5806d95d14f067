// Chooses the place-search provider from the configuration (docs/decisions/0017-offline-addresses.md).
import type { AddressSearch, WarnLogger } from './address-search';
import { GeoplateformeAddressSearch } from './geoplateforme-search';
import { OfflineAddressSearch } from './offline-search';

export interface AddressSearchSettings {
  /** ADDRESS_SEARCH_URL: the national service's search endpoint; offline only without it. */
  url: string | undefined;
  log: WarnLogger;
}

export function createAddressSearch({ url, log }: AddressSearchSettings): AddressSearch {
  const offline = new OfflineAddressSearch();
  return url ? new GeoplateformeAddressSearch({ url, fallback: offline, log }) : offline;
}
