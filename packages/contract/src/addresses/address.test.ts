import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  addressChangeSchema,
  addressFormSchema,
  addressSchema,
  addressSearchQuerySchema,
  addressSearchResponseSchema,
  addressSuggestionSchema,
  personalAddressChangeSchema,
  suggestionToForm,
  toAddressPayload,
} from './address';
import { ADDRESS_MESSAGES } from './messages';

const { required: REQUIRED } = ADDRESS_MESSAGES;

function errorsOf(schema: z.ZodType, input: unknown): Record<string, string[]> {
  const result = schema.safeParse(input);
  const errors: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? []) {
    (errors[issue.path.join('.')] ??= []).push(issue.message);
  }
  return errors;
}

const address = {
  id: 'ADR-1',
  street: ' 18 rue des Lilas ',
  zip: '69003 ',
  city: ' Lyon',
  country: 'France',
};

describe('address payloads (docs/product/addresses.md)', () => {
  it('trims every field of the validate payload and keeps its case', () => {
    expect(addressSchema.parse(address)).toEqual({
      id: 'ADR-1',
      street: '18 rue des Lilas',
      zip: '69003',
      city: 'Lyon',
      country: 'France',
    });
  });

  it('names every missing or blank field in French', () => {
    const expected = {
      id: [REQUIRED.id],
      street: [REQUIRED.street],
      zip: [REQUIRED.postalCode],
      city: [REQUIRED.city],
      country: [REQUIRED.country],
    };
    expect(errorsOf(addressSchema, {})).toEqual(expected);
    const blanks = Object.fromEntries(Object.keys(address).map((key) => [key, '   ']));
    expect(errorsOf(addressSchema, blanks)).toEqual(expected);
  });

  it('refuses absurdly long values', () => {
    expect(errorsOf(addressSchema, { ...address, city: 'A'.repeat(101) })).toEqual({
      city: ['Ce champ ne doit pas dépasser 100 caractères'],
    });
  });

  it('upper-cases street, city and country of the final change, accents kept', () => {
    expect(
      addressChangeSchema.parse({ ...address, street: '2 allée des Érables', city: 'Orléans' }),
    ).toEqual({
      id: 'ADR-1',
      street: '2 ALLÉE DES ÉRABLES',
      zip: '69003',
      city: 'ORLÉANS',
      country: 'FRANCE',
    });
  });

  it('carries the policy number of a personal change when there is one', () => {
    expect(personalAddressChangeSchema.parse({ ...address, policyNumber: ' AU1 ' })).toMatchObject({
      policyNumber: 'AU1',
      city: 'LYON',
    });
    expect(personalAddressChangeSchema.parse(address)).not.toHaveProperty('policyNumber');
    expect(errorsOf(personalAddressChangeSchema, { ...address, policyNumber: ' ' })).toEqual({
      policyNumber: [REQUIRED.policyNumber],
    });
  });
});

describe('address form (docs/product/addresses.md)', () => {
  const form = {
    streetNumber: ' 8 ',
    street: 'Boulevard du Port ',
    postalCode: '80000',
    city: 'Amiens',
    country: 'France',
  };

  it('is valid only with all five fields filled', () => {
    expect(addressFormSchema.safeParse(form).success).toBe(true);
    expect(errorsOf(addressFormSchema, { ...form, streetNumber: ' ' })).toEqual({
      streetNumber: ['Le numéro de voie est obligatoire'],
    });
    expect(Object.keys(errorsOf(addressFormSchema, {}))).toEqual([
      'streetNumber',
      'street',
      'postalCode',
      'city',
      'country',
    ]);
  });

  it('sends the street number and the street name as one street (docs/product/addresses.md)', () => {
    expect(toAddressPayload(addressFormSchema.parse(form), 'ADR-9')).toEqual({
      id: 'ADR-9',
      street: '8 Boulevard du Port',
      zip: '80000',
      city: 'Amiens',
      country: 'France',
    });
  });

  it('is filled from a picked place, leaving what the place lacks empty', () => {
    const commune = addressSuggestionSchema.parse({
      label: 'Ajaccio (20000)',
      postalCode: '20000',
      city: 'Ajaccio',
      country: 'France',
      kind: 'municipality',
    });
    expect(suggestionToForm(commune)).toEqual({
      streetNumber: '',
      street: '',
      postalCode: '20000',
      city: 'Ajaccio',
      country: 'France',
      complement: '',
    });
  });
});

describe('place search', () => {
  it('trims the query and wants 2 to 100 characters', () => {
    expect(addressSearchQuerySchema.parse({ q: '  75 ' })).toEqual({ q: '75' });
    expect(errorsOf(addressSearchQuerySchema, { q: ' a ' })).toEqual({
      q: ['Saisissez au moins 2 caractères pour lancer la recherche'],
    });
    expect(errorsOf(addressSearchQuerySchema, {})).toEqual({
      q: ['Saisissez au moins 2 caractères pour lancer la recherche'],
    });
    expect(errorsOf(addressSearchQuerySchema, { q: 'a'.repeat(101) })).toEqual({
      q: ['La recherche ne doit pas dépasser 100 caractères'],
    });
  });

  it('answers at most 10 suggestions of a known kind', () => {
    const suggestion = {
      label: '8 Boulevard du Port 80000 Amiens',
      streetNumber: '8',
      street: 'Boulevard du Port',
      postalCode: '80000',
      city: 'Amiens',
      country: 'France',
      kind: 'housenumber',
    };
    expect(addressSearchResponseSchema.safeParse({ suggestions: [suggestion] }).success).toBe(true);
    expect(
      addressSearchResponseSchema.safeParse({ suggestions: Array(11).fill(suggestion) }).success,
    ).toBe(false);
    expect(addressSuggestionSchema.safeParse({ ...suggestion, kind: 'poi' }).success).toBe(false);
  });
});

describe('address messages (docs/product/addresses.md)', () => {
  it('quotes the texts of the docs/product/addresses.md word for word, with the French apostrophe', () => {
    expect(ADDRESS_MESSAGES.banners).toEqual({
      error: 'Une erreur s’est produite',
      personalSuccess: 'Adresse modifiée avec succès',
      garageSuccess:
        'Votre demande de changement a bien été prise en compte. Nos services vous recontacteront au plus vite',
    });
    expect(ADDRESS_MESSAGES.notRecognised).toMatchObject({
      title: 'Adresse non reconnue',
      edit: 'Modifier l’adresse',
      confirm: 'Confirmer l’adresse',
    });
    expect(ADDRESS_MESSAGES.linkedPolicies.question).toBe('Voulez-vous continuer\u00a0?');
    expect(ADDRESS_MESSAGES.search.label).toBe('Recherche par code postal ou commune');
  });
});
