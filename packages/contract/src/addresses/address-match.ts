// When two writings name the same address (docs/product/addresses.md garage addresses "grouped by address"
// "if the account address matches a policy address"). The browser groups and matches with it,
// and the server with the same rule decides which policies a garage change covers.
//
// Enforces: case, accents, punctuation and spacing are ignored ('18, Rue des Lilas' is
// '18 RUE DES LILAS'); street, postal code and city must all agree; the country is not compared
// (the portal's addresses are in France, written 'France' or 'FRANCE').

/** Lower case, no accents, one space between words, no punctuation. */
export function normaliseAddressPart(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLocaleLowerCase('fr-FR')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

export interface ComparableAddress {
  street: string;
  zip: string;
  city: string;
}

/** One key per address: equal keys, same address. */
export function addressKey({ street, zip, city }: ComparableAddress): string {
  return [street, zip, city].map(normaliseAddressPart).join('|');
}

export function sameAddress(a: ComparableAddress, b: ComparableAddress): boolean {
  return addressKey(a) === addressKey(b);
}
