// validateAddress on the real list of communes shipped by @etalab/decoupage-administratif.
import { ADDRESS_MESSAGES } from '@espace/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AddressSearch } from './address-search';
import { communeIndex, OfflineAddressSearch } from './offline-search';
import { AddressNotRecognisedError, validateAddress, type AddressField } from './validate-address';

const CHECK = ADDRESS_MESSAGES.check;
const lyon = { street: '18 rue des Lilas', zip: '69003', city: 'Lyon', country: 'France' };

beforeAll(() => communeIndex(), 60_000);

/** A national address service that finds `street` (the number left out) at `zip`. */
function serviceFinding(street: string, zip: string): AddressSearch {
  return {
    streets: true,
    search: () =>
      Promise.resolve([
        { label: street, street, postalCode: zip, city: 'X', country: 'France', kind: 'street' },
      ]),
  };
}

/** The commune checks alone: a service that confirms whatever street it is asked about. */
const confirmingService = (address: typeof lyon) =>
  serviceFinding(address.street.replace(/^\S+\s/, ''), address.zip.replace(/\s+/g, ''));

/** The refusal of an address, or undefined when it is accepted. */
async function refusal(address: typeof lyon, search: AddressSearch = confirmingService(address)) {
  try {
    await validateAddress(address, search);
    return undefined;
  } catch (error) {
    if (!(error instanceof AddressNotRecognisedError)) throw error;
    return { field: error.field, message: error.message };
  }
}

const refused = (field: AddressField, message: string) => ({ field, message });

describe('validateAddress', () => {
  it('accepts a French address whose postal code belongs to its commune', async () => {
    expect(await refusal(lyon)).toBeUndefined();
    expect(
      await refusal({ street: '1 cours Napoléon', zip: '20000', city: 'AJACCIO', country: 'FR' }),
    ).toBeUndefined();
    expect(
      await refusal({
        street: '2 rue de Paris',
        zip: '97400',
        city: 'St Denis',
        country: 'france',
      }),
    ).toBeUndefined();
  });

  it('compares commune names as the search does: accents, case, hyphens, saint', async () => {
    for (const city of ['saint-etienne', 'ST ÉTIENNE', 'Saint Étienne']) {
      expect(await refusal({ ...lyon, zip: '42000', city })).toBeUndefined();
    }
    expect(await refusal({ ...lyon, zip: '94240', city: 'L HAY LES ROSES' })).toBeUndefined();
  });

  it('accepts an arrondissement written in full, by its number, or its commune', async () => {
    for (const city of ['Lyon 3e Arrondissement', 'LYON 3E', 'Lyon 03', 'lyon 3ème', 'Lyon']) {
      expect(await refusal({ ...lyon, city })).toBeUndefined();
    }
    expect(await refusal({ ...lyon, zip: '75015', city: 'PARIS 15' })).toBeUndefined();
    expect(await refusal({ ...lyon, zip: '75116', city: 'Paris 16e Arrondissement' })).toBe(
      undefined,
    );
    expect(await refusal({ ...lyon, zip: '75015', city: 'Paris 14' })).toMatchObject({
      field: 'city',
    });
  });

  it('refuses a postal code of another commune, naming the communes it belongs to', async () => {
    expect(await refusal({ ...lyon, zip: '20200', city: 'Ajaccio' })).toEqual(
      refused(
        'city',
        CHECK.postalCodeNotInCity('20200', 'Ajaccio', [
          'Bastia',
          'Ville-di-Pietrabugno',
          'San-Martino-di-Lota',
          'Santa-Maria-di-Lota',
        ]),
      ),
    );
    expect((await refusal({ ...lyon, zip: '75001' }))?.message).toBe(
      'Le code postal 75001 ne correspond pas à la commune «\u00a0Lyon\u00a0» (communes de ce code postal\u00a0: Paris).',
    );
  });

  it('refuses a postal code that does not exist or is not one', async () => {
    expect(await refusal({ ...lyon, zip: '00000' })).toEqual(
      refused('zip', 'Le code postal 00000 n’existe pas.'),
    );
    expect(await refusal({ ...lyon, zip: '6900' })).toEqual(refused('zip', CHECK.postalCodeFormat));
    expect(await refusal({ ...lyon, zip: 'SW1A 1AA' })).toEqual(
      refused('zip', CHECK.postalCodeFormat),
    );
  });

  it('refuses an empty street', async () => {
    expect(await refusal({ ...lyon, street: '   ' })).toEqual(refused('street', CHECK.emptyStreet));
  });

  it('refuses an address outside France', async () => {
    for (const country of ['Belgique', 'BE', 'Royaume-Uni', '']) {
      expect(await refusal({ ...lyon, country })).toEqual(refused('country', CHECK.notFrance));
    }
  });

  it('refuses offline every street as unverified, asking to check its spelling', async () => {
    const offline = new OfflineAddressSearch();
    expect(await refusal({ ...lyon, street: '7 rue Inventée' }, offline)).toEqual(
      refused('street', CHECK.unverifiedStreet('7 rue Inventée')),
    );
    expect(CHECK.unverifiedStreet('7 rue Inventée')).toBe(
      'La voie «\u00a07 rue Inventée\u00a0» n’a pas pu être vérifiée\u00a0: vérifiez son orthographe avant d’enregistrer.',
    );
    // The commune is checked first: a wrong postal code says so, not the street.
    expect(await refusal({ ...lyon, zip: '00000' }, offline)).toMatchObject({ field: 'zip' });
  });

  it('accepts with the national service a street it finds at that postal code only', async () => {
    expect(await refusal(lyon, serviceFinding('Rue des Lilas', '69003'))).toBeUndefined();
    expect(await refusal(lyon, serviceFinding('Rue des Lilas', '69008'))).toEqual(
      refused('street', CHECK.unverifiedStreet('18 rue des Lilas')),
    );
    expect(await refusal(lyon, serviceFinding('Rue des Roses', '69003'))).toMatchObject({
      field: 'street',
    });
    const communesOnly: AddressSearch = { streets: true, search: () => Promise.resolve([]) };
    expect(await refusal(lyon, communesOnly)).toMatchObject({ field: 'street' });
  });
});
