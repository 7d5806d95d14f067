import { describe, expect, it } from 'vitest';
import { CHANGE_MESSAGES, IBAN_MESSAGES } from './messages';
import {
  holderOwnerName,
  OWNER_NAME_MAX,
  paymentDetailsUpdateSchema,
  paymentFormSchema,
  toPaymentDetailsUpdate,
} from './payment-details';
import { errorsOf, FR_IBAN } from './test-helpers';

const { required: REQUIRED, invalid: INVALID } = CHANGE_MESSAGES;

describe('paymentDetailsUpdateSchema', () => {
  const update = {
    id: 'pd-1',
    paymentMethod: 'SEPA',
    bankAccount: {
      iban: 'fr76 3000 6000 0112 3456 7890 189',
      ownerName: 'Mme Claire DUPONT',
      changeHolder: true,
    },
  };
  const ibanError = (iban: string) =>
    errorsOf(paymentDetailsUpdateSchema, {
      ...update,
      bankAccount: { ...update.bankAccount, iban },
    })['bankAccount.iban'];

  it('sends the IBAN without spaces, in capitals', () => {
    expect(paymentDetailsUpdateSchema.parse(update).bankAccount.iban).toBe(FR_IBAN);
  });

  it('gives the docs/product/changes.md texts for a missing, incorrect or unusable IBAN', () => {
    expect(ibanError(' ')).toEqual(['Vous devez saisir un IBAN']);
    expect(ibanError('FR7630006000011234567890188')).toEqual([IBAN_MESSAGES.incorrect]);
    expect(ibanError('BR1800360305000010009795493C1')).toEqual([IBAN_MESSAGES.notUsable]);
    expect(ibanError('DE89 3704 0044 0532 0130 00')).toBeUndefined();
  });

  it('requires the ids, the owner name and the holder flag', () => {
    expect(errorsOf(paymentDetailsUpdateSchema, { bankAccount: {} })).toEqual({
      id: [REQUIRED.generic],
      paymentMethod: [REQUIRED.generic],
      'bankAccount.iban': [REQUIRED.iban],
      'bankAccount.ownerName': [REQUIRED.ownerName],
      'bankAccount.changeHolder': [REQUIRED.generic],
    });
  });
  it('accepts the longest owner name the form can build and refuses a longer one', () => {
    const owner = (ownerName: string) =>
      errorsOf(paymentDetailsUpdateSchema, {
        ...update,
        bankAccount: { ...update.bankAccount, ownerName },
      })['bankAccount.ownerName'];
    const longest = holderOwnerName('Mme', 'a'.repeat(40), 'b'.repeat(40));
    expect(longest).toHaveLength(OWNER_NAME_MAX);
    expect(owner(longest)).toBeUndefined();
    expect(owner(`${longest}c`)).toEqual([
      `Ce champ ne doit pas dépasser ${OWNER_NAME_MAX} caractères`,
    ]);
  });
});

describe('paymentFormSchema', () => {
  it('asks only for the IBAN when the holder stays the same', () => {
    const form = paymentFormSchema.parse({ changeHolder: false, title: '', iban: FR_IBAN });
    expect(form).toEqual({ changeHolder: false, title: undefined, iban: FR_IBAN });
  });

  it('requires title, names and IBAN together when the holder differs (docs/product/changes.md)', () => {
    expect(errorsOf(paymentFormSchema, { changeHolder: true, title: '', iban: '' })).toEqual({
      iban: [REQUIRED.iban],
      title: ['La civilité est obligatoire'],
      firstName: ['Le prénom est obligatoire'],
      lastName: ['Le nom est obligatoire'],
    });
  });

  it('keeps holder names between 2 and 40 characters', () => {
    const form = { changeHolder: true, title: 'Mme', iban: FR_IBAN };
    expect(
      errorsOf(paymentFormSchema, { ...form, firstName: ' C ', lastName: 'D'.repeat(41) }),
    ).toEqual({
      firstName: [INVALID.holderNameLength],
      lastName: [INVALID.holderNameLength],
    });
    expect(INVALID.holderNameLength).toBe('Ce champ doit comporter entre 2 et 40 caractères');
    const valid = { ...form, firstName: 'Cl', lastName: 'D'.repeat(40) };
    expect(paymentFormSchema.safeParse(valid).success).toBe(true);
  });
});

describe('holder name and payment update', () => {
  const current = {
    id: 'pd-1',
    paymentMethod: 'SEPA',
    bankAccount: { ownerName: 'M Paul ROY', bic: 'BNPAFRPP', iban: 'FR76…' },
  };

  it('writes a different holder as title + first name + last name (docs/product/changes.md)', () => {
    expect(holderOwnerName('Mme', ' Claire ', ' Dupont  Martin ')).toBe('Mme Claire DUPONT MARTIN');
  });

  it('keeps the current owner name unless the holder changes', () => {
    const same = paymentFormSchema.parse({ changeHolder: false, iban: FR_IBAN });
    expect(toPaymentDetailsUpdate(same, current)).toEqual({
      id: 'pd-1',
      paymentMethod: 'SEPA',
      bankAccount: { iban: FR_IBAN, ownerName: 'M Paul ROY', changeHolder: false },
    });
    const other = { changeHolder: true, title: 'Mme', firstName: 'Claire', lastName: 'Dupont' };
    const changed = paymentFormSchema.parse({ ...other, iban: FR_IBAN });
    expect(toPaymentDetailsUpdate(changed, current).bankAccount.ownerName).toBe(
      'Mme Claire DUPONT',
    );
  });
});
