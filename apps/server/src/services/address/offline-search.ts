// The offline place search (docs/decisions/0017-offline-addresses.md): the communes of the shipped list,
// read and indexed once per process on first use, then shared by the search and by
// validateAddress. A failed read is not remembered: the next call tries again.
import type { AddressSuggestion } from '@espace/contract';
import type { AddressSearch } from './address-search';
import { loadPlaces } from './commune-data';
import { CommuneIndex } from './commune-index';

let loading: Promise<CommuneIndex> | undefined;

export function communeIndex(): Promise<CommuneIndex> {
  if (!loading) {
    loading = loadPlaces().then((places) => new CommuneIndex(places));
    loading.catch(() => {
      loading = undefined;
    });
  }
  return loading;
}

export class OfflineAddressSearch implements AddressSearch {
  readonly streets = false;

  async search(query: string): Promise<AddressSuggestion[]> {
    return (await communeIndex()).search(query);
  }
}
