// validateAddress (docs/product/addresses.md "Address save" POST …/validateAddress), backed by the same list
// of communes as the place search (docs/decisions/0017-offline-addresses.md).
//
// Enforces: the country is France ('France', 'FR', any case); the street is not blank; the
// postal code has 5 digits, exists, and belongs to the commune given, the names compared as in
// the search (accents, case, hyphens, apostrophes, 'st'/'saint' ignored). A municipal
// arrondissement may be named ('Lyon 3e Arrondissement', 'PARIS 15', 'Marseille 01') or its
// commune ('Lyon'). Then the street: offline nothing can confirm it, so it is refused as
// unverified, and the customer is asked to check its spelling before saving; with the national
// address service, it is confirmed when the service finds that street at that postal code
// (docs/decisions/0044-address-truthfulness-and-complement.md). A refused address raises
// AddressNotRecognisedError, whose French message says why; the customer may still confirm it
// (docs/product/addresses.md 'Adresse non reconnue').
import { ADDRESS_MESSAGES } from '@espace/contract';
import { InvalidInputError } from '../errors';
import type { AddressSearch } from './address-search';
import type { Place } from './commune-data';
import type { CommuneIndex } from './commune-index';
import { communeIndex } from './offline-search';
import { placeKey } from './place-key';

const CHECK = ADDRESS_MESSAGES.check;
const FRANCE_KEYS = new Set(['france', 'fr']);
/** The communes named in the refusal when a postal code belongs to several. */
const COMMUNES_NAMED_MAX = 5;

export interface AddressToValidate {
  street: string;
  zip: string;
  city: string;
  country: string;
}

export type AddressField = keyof AddressToValidate;

/** A refused address: an input error naming the field the customer should look at. */
export class AddressNotRecognisedError extends InvalidInputError {
  constructor(
    readonly field: AddressField,
    message: string,
  ) {
    super(message, { [field]: message });
  }
}

// 'Lyon 3e Arrondissement' is also written 'Lyon 3', 'Lyon 03', 'LYON 3E', 'Lyon 3ème'.
const ARRONDISSEMENT = /^(.+?) (\d{1,2})(?:er|e) Arrondissement$/;

function namesOf(place: Place): string[] {
  const parts = ARRONDISSEMENT.exec(place.name);
  if (!parts) return [place.name];
  const commune = parts[1]!;
  const numbers = [parts[2]!, parts[2]!.padStart(2, '0')];
  const written = numbers.flatMap((n) => ['', 'e', 'er', 'eme'].map((s) => `${commune} ${n}${s}`));
  return [place.name, ...written];
}

function belongsTo(places: readonly Place[], city: string): boolean {
  const key = placeKey(city);
  return places.some(
    (place) =>
      placeKey(place.city) === key || namesOf(place).some((name) => placeKey(name) === key),
  );
}

function communesNamed(places: readonly Place[]): string[] {
  const names = [...new Set(places.filter((p) => !p.arrondissement).map((p) => p.name))];
  return names.length > COMMUNES_NAMED_MAX ? [...names.slice(0, COMMUNES_NAMED_MAX), '…'] : names;
}

/**
 * Throws AddressNotRecognisedError for the first problem found: the country first (nothing
 * else can be checked outside France), then the street, the postal code, the commune.
 */
function checkAddress(index: CommuneIndex, address: AddressToValidate): void {
  const refuse = (field: AddressField, message: string): never => {
    throw new AddressNotRecognisedError(field, message);
  };
  if (!FRANCE_KEYS.has(placeKey(address.country))) refuse('country', CHECK.notFrance);
  if (address.street.trim() === '') refuse('street', CHECK.emptyStreet);
  const zip = address.zip.replace(/\s+/g, '');
  if (!/^\d{5}$/.test(zip)) refuse('zip', CHECK.postalCodeFormat);
  const places = index.placesOf(zip);
  if (places.length === 0) refuse('zip', CHECK.unknownPostalCode(zip));
  if (!belongsTo(places, address.city)) {
    refuse('city', CHECK.postalCodeNotInCity(zip, address.city.trim(), communesNamed(places)));
  }
}

/** The longest query the search accepts (the contract's ADDRESS_SEARCH_MAX). */
const STREET_QUERY_MAX = 100;

/** Whether the search finds this street (or a number of it) at this postal code. */
async function streetFound(search: AddressSearch, address: AddressToValidate): Promise<boolean> {
  if (!search.streets) return false;
  const zip = address.zip.replace(/\s+/g, '');
  const query = `${address.street} ${zip} ${address.city}`.slice(0, STREET_QUERY_MAX);
  const street = placeKey(address.street);
  const found = await search.search(query);
  return found.some(
    (s) =>
      s.kind !== 'municipality' &&
      s.postalCode === zip &&
      s.street !== undefined &&
      placeKey(s.street) !== '' &&
      street.endsWith(placeKey(s.street)),
  );
}

export async function validateAddress(
  address: AddressToValidate,
  search: AddressSearch,
): Promise<void> {
  checkAddress(await communeIndex(), address);
  if (!(await streetFound(search, address))) {
    throw new AddressNotRecognisedError('street', CHECK.unverifiedStreet(address.street.trim()));
  }
}
