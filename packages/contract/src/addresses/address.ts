// Addresses (docs/product/addresses.md /changeAddress,
// validateAddress and the place search of docs/decisions/0017-offline-addresses.md).
//
// Enforces: every field is required and trimmed, with a French message per field (docs/product/addresses.md);
// the payload's street is the street number and the street name together (docs/product/addresses.md); the final
// change upper-cases street, city and country (docs/product/addresses.md), whatever the client sent.
import { z } from '../shared/zod';
import { safeString } from '../shared/safe-text';
import { ADDRESS_MESSAGES } from './messages';

const { required: REQUIRED, invalid: INVALID, search: SEARCH } = ADDRESS_MESSAGES;

/** Longest street name, city or country; French address lines are far shorter (38 characters). */
export const ADDRESS_TEXT_MAX = 100;
/** Longest street number with its complement ('12 bis', '3-5'). */
export const STREET_NUMBER_MAX = 10;
/** Longest postal code: French ones have 5 digits, foreign ones up to 10 characters. */
export const POSTAL_CODE_MAX = 10;
/**
 * Longest complement (bâtiment, appartement, escalier…): one postal line of NF Z10-011
 * (docs/decisions/0044-address-truthfulness-and-complement.md).
 */
export const ADDRESS_COMPLEMENT_MAX = 38;
/** The payload's street: number, a space and street name (docs/product/addresses.md). */
export const ADDRESS_STREET_MAX = STREET_NUMBER_MAX + 1 + ADDRESS_TEXT_MAX;
const ID_MAX = 100;

/** The country of every address the place search finds, and the default of the form. */
export const FRANCE = 'France';

function text(required: string, max: number) {
  return safeString({ error: required })
    .trim()
    .min(1, { error: required, abort: true })
    .max(max, { error: INVALID.tooLong(max) });
}

const upperCased = (value: string) => value.toLocaleUpperCase('fr-FR');

/** Optional, trimmed; an empty complement is the same as none. */
const complement = safeString()
  .trim()
  .max(ADDRESS_COMPLEMENT_MAX, { error: INVALID.tooLong(ADDRESS_COMPLEMENT_MAX) })
  .optional();

/** docs/product/addresses.md: the body of POST …/validateAddress. */
export const addressSchema = z.object({
  id: text(REQUIRED.id, ID_MAX),
  street: text(REQUIRED.street, ADDRESS_STREET_MAX),
  zip: text(REQUIRED.postalCode, POSTAL_CODE_MAX),
  city: text(REQUIRED.city, ADDRESS_TEXT_MAX),
  country: text(REQUIRED.country, ADDRESS_TEXT_MAX),
  complement,
});
export type Address = z.output<typeof addressSchema>;

/** docs/product/addresses.md: the body of PUT …/address/{policyNumber} (garage address), upper-cased. */
export const addressChangeSchema = addressSchema.extend({
  street: addressSchema.shape.street.overwrite(upperCased),
  city: addressSchema.shape.city.overwrite(upperCased),
  country: addressSchema.shape.country.overwrite(upperCased),
  complement: complement.overwrite((value) => (value ? upperCased(value) : undefined)),
});
export type AddressChange = z.output<typeof addressChangeSchema>;

/**
 * docs/product/addresses.md: the body of PUT …/account/…/address. The policy number is the one whose address
 * matched the account's and was confirmed in the modal; without a match there is none.
 */
export const personalAddressChangeSchema = addressChangeSchema.extend({
  policyNumber: text(REQUIRED.policyNumber, ID_MAX).optional(),
});
export type PersonalAddressChange = z.output<typeof personalAddressChangeSchema>;

/** docs/product/addresses.md: the form of /changeAddress; the save button enables when all five are filled. */
export const addressFormSchema = z.object({
  streetNumber: text(REQUIRED.streetNumber, STREET_NUMBER_MAX),
  street: text(REQUIRED.street, ADDRESS_TEXT_MAX),
  postalCode: text(REQUIRED.postalCode, POSTAL_CODE_MAX),
  city: text(REQUIRED.city, ADDRESS_TEXT_MAX),
  country: text(REQUIRED.country, ADDRESS_TEXT_MAX),
  /** Optional: the save button does not wait for it. */
  complement,
});
export type AddressForm = z.output<typeof addressFormSchema>;

/** docs/product/addresses.md: the address sent to validateAddress, `id` from the stored address data. */
export function toAddressPayload(form: AddressForm, id: string): Address {
  return {
    id,
    street: `${form.streetNumber} ${form.street}`,
    zip: form.postalCode,
    city: form.city,
    country: form.country,
    ...(form.complement ? { complement: form.complement } : {}),
  };
}

// --- The place search (docs/decisions/0017-offline-addresses.md): GET /api/v1/address/search?q=… ---

export const ADDRESS_SEARCH_MIN = 2;
export const ADDRESS_SEARCH_MAX = 100;
/** At most this many suggestions are answered. */
export const ADDRESS_SUGGESTIONS_MAX = 10;

export const addressSearchQuerySchema = z.object({
  q: safeString({ error: SEARCH.tooShort(ADDRESS_SEARCH_MIN) })
    .trim()
    .min(ADDRESS_SEARCH_MIN, { error: SEARCH.tooShort(ADDRESS_SEARCH_MIN) })
    .max(ADDRESS_SEARCH_MAX, { error: SEARCH.tooLong(ADDRESS_SEARCH_MAX) }),
});
export type AddressSearchQuery = z.output<typeof addressSearchQuerySchema>;

/** What a suggestion designates: a whole commune, a street, or one number of a street. */
export const ADDRESS_SUGGESTION_KINDS = ['municipality', 'street', 'housenumber'] as const;
export type AddressSuggestionKind = (typeof ADDRESS_SUGGESTION_KINDS)[number];

export const addressSuggestionSchema = z.object({
  /** What the list shows, e.g. 'Ajaccio (20000)' or '8 Boulevard du Port 80000 Amiens'. */
  label: z.string(),
  streetNumber: z.string().optional(),
  street: z.string().optional(),
  postalCode: z.string(),
  city: z.string(),
  country: z.string(),
  kind: z.enum(ADDRESS_SUGGESTION_KINDS),
});
export type AddressSuggestion = z.infer<typeof addressSuggestionSchema>;

export const addressSearchResponseSchema = z.object({
  suggestions: z.array(addressSuggestionSchema).max(ADDRESS_SUGGESTIONS_MAX),
});
export type AddressSearchResponse = z.infer<typeof addressSearchResponseSchema>;

/**
 * GET /api/v1/address/search-mode: what the place search can find, so that its label says so
 * (docs/decisions/0044-address-truthfulness-and-complement.md). `streets` is true only with the
 * national address service configured; offline, it finds communes and postal codes.
 */
export const addressSearchModeSchema = z.object({ streets: z.boolean() });
export type AddressSearchMode = z.infer<typeof addressSearchModeSchema>;

/** docs/product/addresses.md: a picked place fills the form; what it does not know is left for the user to type. */
export function suggestionToForm(suggestion: AddressSuggestion): z.input<typeof addressFormSchema> {
  return {
    streetNumber: suggestion.streetNumber ?? '',
    street: suggestion.street ?? '',
    postalCode: suggestion.postalCode,
    city: suggestion.city,
    country: suggestion.country,
    complement: '',
  };
}
