// The communes indexed in memory for prefix search (docs/decisions/0017-offline-addresses.md), built once.
//
// Enforces: a query of digits searches postal codes, anything else commune names compared as
// place-key.ts says; a name with a postal code ('75011 paris', 'marseille 13') searches the
// name among those codes. Best first: the exact postal code or name, then the codes or names it
// starts, then names with a later word it starts ('denis' finds Saint-Denis); within each, the
// most populated commune first. One suggestion per city and postal code, at most
// ADDRESS_SUGGESTIONS_MAX. Only the few best matches are read (prefix-index.ts): any query is
// answered in well under a millisecond of work.
import { ADDRESS_SUGGESTIONS_MAX, FRANCE, type AddressSuggestion } from '@espace/contract';
import type { Place } from './commune-data';
import { nameKeys, placeKey, querySearchKeys } from './place-key';
import { mergeByOrder, PrefixIndex, type Keyed } from './prefix-index';

/** Suggestions in order, the first of each city and postal code, up to the limit. */
class Suggestions {
  readonly list: AddressSuggestion[] = [];
  private readonly seen = new Set<string>();

  get full() {
    return this.list.length >= ADDRESS_SUGGESTIONS_MAX;
  }

  add(place: Place, postalCode: string) {
    const id = `${postalCode} ${place.city}`;
    if (this.full || this.seen.has(id)) return;
    this.seen.add(id);
    this.list.push({
      label: `${place.name} (${postalCode})`,
      postalCode,
      city: place.city,
      country: FRANCE,
      kind: 'municipality',
    });
  }
}

export class CommuneIndex {
  /** One entry per commune and postal code, keyed by the code (arrondissements excluded). */
  private readonly byPostalCode: PrefixIndex<Place>;
  /** Places by the search key of their whole name. */
  private readonly byName: PrefixIndex<Place>;
  /** Places by the search key of their name from a later word on. */
  private readonly byInnerName: PrefixIndex<Place>;
  /** Places by their name without spaces, for 'lhay' or 'saintdenis'. */
  private readonly byNameWithoutSpaces: PrefixIndex<Place>;
  /** The places (arrondissements included) each postal code belongs to. */
  private readonly placesOfCode = new Map<string, Place[]>();

  constructor(places: readonly Place[]) {
    // Most populated first; the name only settles ties, so that the order is always the same.
    const sorted = [...places].sort(
      (a, b) => b.population - a.population || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0),
    );
    const postal: Keyed<Place>[] = [];
    const names: Keyed<Place>[] = [];
    const inner: Keyed<Place>[] = [];
    const withoutSpaces: Keyed<Place>[] = [];
    sorted.forEach((place, order) => {
      for (const postalCode of place.postalCodes) {
        if (!place.arrondissement) postal.push({ key: postalCode, order, value: place });
        const list = this.placesOfCode.get(postalCode) ?? [];
        list.push(place);
        this.placesOfCode.set(postalCode, list);
      }
      const keys = nameKeys(place.name);
      names.push({ key: keys.search, order, value: place });
      withoutSpaces.push({ key: keys.squeezed, order, value: place });
      for (const key of keys.inner) inner.push({ key, order, value: place });
    });
    this.byPostalCode = new PrefixIndex(postal);
    this.byName = new PrefixIndex(names);
    this.byInnerName = new PrefixIndex(inner);
    this.byNameWithoutSpaces = new PrefixIndex(withoutSpaces);
  }

  /** The places a postal code belongs to; empty when the code does not exist. */
  placesOf(postalCode: string): readonly Place[] {
    return this.placesOfCode.get(postalCode) ?? [];
  }

  search(query: string): AddressSuggestion[] {
    const compact = query.replace(/\s+/g, '');
    if (/^\d+$/.test(compact)) return this.searchPostalCode(compact);
    const words = query.trim().split(/\s+/);
    const codes = words.filter((word) => /^\d{2,5}$/.test(word));
    if (codes.length === 1) {
      const name = words.filter((word) => word !== codes[0]).join(' ');
      const found = this.searchName(name, codes[0]);
      if (found.length > 0) return found;
    }
    // 'paris 15' is no name among the 15… codes but the start of 'Paris 15e Arrondissement'.
    return this.searchName(query);
  }

  private searchPostalCode(prefix: string): AddressSuggestion[] {
    const suggestions = new Suggestions();
    for (const matches of [
      this.byPostalCode.equalTo(prefix),
      this.byPostalCode.longerThan(prefix),
    ]) {
      for (const { key, value } of matches) {
        if (suggestions.full) return suggestions.list;
        suggestions.add(value, key);
      }
    }
    return suggestions.list;
  }

  /** Places whose name starts with the query, best first; only codes starting with `code`. */
  private searchName(query: string, code?: string): AddressSuggestion[] {
    const keys = querySearchKeys(query);
    const tiers = [
      mergeByOrder(keys.map((key) => this.byName.equalTo(key))),
      mergeByOrder(keys.map((key) => this.byName.longerThan(key))),
      mergeByOrder(keys.map((key) => this.byInnerName.equalTo(key))),
      mergeByOrder(keys.map((key) => this.byInnerName.longerThan(key))),
    ];
    const suggestions = new Suggestions();
    const taken = new Set<Place>();
    const take = (matches: Iterable<Keyed<Place>>) => {
      for (const { value: place } of matches) {
        if (suggestions.full) return;
        if (taken.has(place)) continue;
        taken.add(place);
        for (const postalCode of place.postalCodes) {
          if (!code || postalCode.startsWith(code)) suggestions.add(place, postalCode);
        }
      }
    };
    for (const tier of tiers) take(tier);
    const squeezed = placeKey(query);
    if (suggestions.list.length === 0 && squeezed) {
      take(this.byNameWithoutSpaces.equalTo(squeezed));
      take(this.byNameWithoutSpaces.longerThan(squeezed));
    }
    return suggestions.list;
  }
}
