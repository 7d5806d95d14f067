import { afterEach, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import {
  driverRefSchema,
  holderOwnerName,
  newDriverSchema,
  OWNER_NAME_MAX,
  paymentDetailsUpdateSchema,
  paymentFormSchema,
  toPaymentDetailsUpdate,
  vehicleChangeSchema,
} from './changes';
import { CHANGE_MESSAGES, IBAN_MESSAGES } from './messages-changes';

const { required: REQUIRED, invalid: INVALID } = CHANGE_MESSAGES;
const TODAY = '2026-03-15';
const FR_IBAN = 'FR7630006000011234567890189';

/** The messages per field path; each rule stops at its first failure, so one per field. */
function errorsOf(schema: z.ZodType, input: unknown): Record<string, string[]> {
  const result = schema.safeParse(input);
  const errors: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? []) {
    (errors[issue.path.join('.')] ??= []).push(issue.message);
  }
  return errors;
}

const newDriver = {
  salutation: 'Mme',
  firstName: '  Anne-Sophie ',
  lastName: 'D’Artagnan',
  birthDate: '15.03.2008',
  bonus: '0,85',
  relationToCustomer: 'Enfant',
  driverLicenseNr: '1234 5678 9012',
  driverLicensePermDate: '2026-03-15',
  effectiveDate: '15/03/2026',
};

describe('newDriverSchema', () => {
  const schema = newDriverSchema(TODAY);
  const errorOf = (field: string, value: unknown) =>
    errorsOf(schema, { ...newDriver, [field]: value })[field];

  it('turns a filled form into the SPEC §3 payload', () => {
    expect(schema.parse(newDriver)).toEqual({
      salutation: 'Mme',
      firstName: 'Anne-Sophie',
      lastName: 'D’Artagnan',
      birthDate: '2008-03-15',
      bonus: 0.85,
      relationToCustomer: 'Enfant',
      driverLicenseNr: 123456789012,
      driverLicensePermDate: '2026-03-15',
      effectiveDate: '2026-03-15',
    });
  });

  it('accepts its own output again, as the route receives it from the form', () => {
    const payload = schema.parse(newDriver);
    expect(schema.parse(payload)).toEqual(payload);
  });

  it('names every missing field in French', () => {
    expect(errorsOf(schema, {})).toEqual({
      salutation: [REQUIRED.salutation],
      firstName: [REQUIRED.firstName],
      lastName: [REQUIRED.lastName],
      birthDate: [REQUIRED.birthDate],
      bonus: [REQUIRED.bonus],
      relationToCustomer: [REQUIRED.relationToCustomer],
      driverLicenseNr: [REQUIRED.driverLicenseNr],
      driverLicensePermDate: [REQUIRED.driverLicensePermDate],
      effectiveDate: [REQUIRED.effectiveDate],
    });
  });

  it('treats blank text and unchosen options as missing', () => {
    const blanks = Object.fromEntries(Object.keys(newDriver).map((key) => [key, '  ']));
    expect(errorsOf(schema, { ...blanks, salutation: '', relationToCustomer: '' })).toEqual(
      errorsOf(schema, {}),
    );
  });

  it.each([
    ['firstName', 'Anne2', INVALID.nameCharacters],
    ['lastName', "'-", INVALID.nameCharacters],
    ['lastName', 'A'.repeat(61), INVALID.tooLong(60)],
    ['birthDate', '2008-03-16', "Le conducteur à assurer doit être âgé d'au moins 18 ans"],
    ['birthDate', '31.02.2000', INVALID.date],
    ['birthDate', TODAY, INVALID.birthDateNotPast],
    ['birthDate', '2030-01-01', INVALID.birthDateNotPast],
    ['bonus', '', REQUIRED.bonus],
    ['bonus', '0,49', 'Le bonus/malus doit être compris entre 0,50 et 3,50'],
    ['bonus', 3.51, INVALID.bonusRange(0.5, 3.5)],
    ['bonus', '0,855', INVALID.bonusFormat],
    ['bonus', 'un', INVALID.bonusFormat],
    ['bonus', '-1', INVALID.bonusFormat],
    ['relationToCustomer', 'Voisin', REQUIRED.relationToCustomer],
    ['driverLicenseNr', '12345', INVALID.driverLicenseNr(12)],
    ['driverLicenseNr', '1234567890123', INVALID.driverLicenseNr(12)],
    ['driverLicenseNr', '12345678901A', INVALID.driverLicenseNr(12)],
    ['driverLicenseNr', '000000000000', INVALID.driverLicenseNr(12)],
    ['driverLicenseNr', 1234567890123, INVALID.driverLicenseNr(12)],
    ['driverLicenseNr', 1.5, INVALID.driverLicenseNr(12)],
    ['driverLicenseNr', -12, INVALID.driverLicenseNr(12)],
    ['driverLicensePermDate', '2026-03-16', INVALID.futureDate],
    ['effectiveDate', '2026-03-14', 'La date ne doit pas se situer dans le passé'],
    ['effectiveDate', '14-03-2026', INVALID.pastDate],
    ['effectiveDate', '2026-13-01', INVALID.date],
  ])('refuses %s %j with “%s”', (field, value, message) => {
    expect(errorOf(field, value)).toEqual([message]);
  });

  it.each([
    ['firstName', 'Zoë'],
    ['firstName', 'Lætitia'],
    ['lastName', "O'Neil"],
    ['lastName', 'A'.repeat(60)],
    ['birthDate', '2008-03-15'], // the 18th birthday itself
    ['bonus', '0,5'],
    ['bonus', '3,50'],
    ['driverLicensePermDate', TODAY],
    ['effectiveDate', TODAY],
    ['effectiveDate', '2027-01-01'],
  ])('accepts %s %j', (field, value) => {
    expect(errorOf(field, value)).toBeUndefined();
  });

  it('makes a driver born on 29 February 18 on 1 March of a common year', () => {
    const driver = { ...newDriver, birthDate: '29.02.2008' };
    expect(errorsOf(newDriverSchema('2026-02-28'), driver).birthDate).toEqual([INVALID.minAge]);
    expect(errorsOf(newDriverSchema('2026-03-01'), driver).birthDate).toBeUndefined();
  });

  it('reads the bonus/malus with a comma or a point, or as a number', () => {
    for (const bonus of ['0,85', '0.85', ' 0,85 ', 0.85]) {
      expect(schema.parse({ ...newDriver, bonus }).bonus).toBe(0.85);
    }
  });

  it('sends the 12-digit licence number as an integer (SPEC §3)', () => {
    expect(schema.parse({ ...newDriver, driverLicenseNr: 123456789012 }).driverLicenseNr).toBe(
      123456789012,
    );
    // A leading zero is lost by the integer: the route must accept what the form sent.
    const leadingZero = schema.parse({ ...newDriver, driverLicenseNr: '012345678901' });
    expect(leadingZero.driverLicenseNr).toBe(12345678901);
    expect(errorOf('driverLicenseNr', leadingZero.driverLicenseNr)).toBeUndefined();
  });
});

describe('a schema built without a date', () => {
  afterEach(() => vi.useRealTimers());

  it('reads today in Paris when it validates, not when it was built', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-15T22:30:00Z')); // 23:30 in Paris
    const schema = driverRefSchema();
    const driver = {
      salutation: 'Mr',
      firstName: 'Paul',
      lastName: 'Roy',
      birthDate: '1980-01-01',
    };
    expect(schema.safeParse({ ...driver, effectiveDate: '2026-03-15' }).success).toBe(true);
    vi.setSystemTime(new Date('2026-03-15T23:30:00Z')); // 00:30 on the 16th in Paris
    expect(errorsOf(schema, { ...driver, effectiveDate: '2026-03-15' }).effectiveDate).toEqual([
      INVALID.pastDate,
    ]);
  });
});

describe('driverRefSchema', () => {
  const schema = driverRefSchema(TODAY);
  const driver = {
    salutation: 'Mr',
    firstName: 'Paul',
    lastName: 'Roy',
    birthDate: '01.01.2015',
    effectiveDate: '2026-04-01',
  };

  it('accepts a driver of any age and sends ISO dates', () => {
    expect(schema.parse(driver)).toEqual({ ...driver, birthDate: '2015-01-01' });
  });

  it('names every missing field and applies the past-date rules', () => {
    expect(Object.keys(errorsOf(schema, {}))).toEqual(Object.keys(driver));
    expect(errorsOf(schema, { ...driver, birthDate: '2027-01-01' }).birthDate).toEqual([
      INVALID.birthDateNotPast,
    ]);
    expect(errorsOf(schema, { ...driver, effectiveDate: '2026-03-14' }).effectiveDate).toEqual([
      INVALID.pastDate,
    ]);
  });
});

const vehicle = {
  manufacturer: ' Alpine ',
  model: 'A110',
  engine: 'Essence',
  equipment: 'GT',
  licensePlate: 'ab 123 cd',
  regDate: '01.06.2024',
  effectiveDate: TODAY,
};

describe('vehicleChangeSchema', () => {
  const schema = vehicleChangeSchema(TODAY);
  const errorOf = (field: string, value: unknown, today = TODAY) =>
    errorsOf(vehicleChangeSchema(today), { ...vehicle, [field]: value })[field];

  it('sends a normalised plate and ISO dates', () => {
    expect(schema.parse(vehicle)).toEqual({
      ...vehicle,
      manufacturer: 'Alpine',
      licensePlate: 'AB-123-CD',
      regDate: '2024-06-01',
    });
  });

  it('names every missing field in French', () => {
    const errors = errorsOf(schema, { engine: '' });
    expect(errors.manufacturer).toEqual([REQUIRED.manufacturer]);
    expect(errors.model).toEqual([REQUIRED.model]);
    expect(errors.engine).toEqual([REQUIRED.engine]);
    expect(errors.equipment).toEqual([REQUIRED.equipment]);
    expect(errors.licensePlate).toEqual([REQUIRED.licensePlate]);
    expect(errors.regDate).toEqual([REQUIRED.regDate]);
    expect(errors.effectiveDate).toEqual([REQUIRED.effectiveDate]);
  });

  it.each([
    ['equipment', 'x'.repeat(61), INVALID.tooLong(60)],
    ['licensePlate', 'AB-000-CD', 'L’immatriculation doit être au format AA-123-AA'],
    ['licensePlate', 'WW-123-AB', INVALID.licensePlate],
    ['licensePlate', '123 ABC 75', INVALID.licensePlate],
    ['regDate', '2026-03-16', INVALID.futureDate],
    ['effectiveDate', '2026-03-14', INVALID.pastDate],
    [
      'effectiveDate',
      '2026-09-16',
      'La date d’effet ne doit pas dépasser 6 mois à compter d’aujourd’hui',
    ],
  ])('refuses %s %j with “%s”', (field, value, message) => {
    expect(errorOf(field, value)).toEqual([message]);
  });

  it('accepts a registration today and an effective date from today to today + 6 months (SPEC §9)', () => {
    expect(errorOf('regDate', TODAY)).toBeUndefined();
    expect(errorOf('effectiveDate', TODAY)).toBeUndefined();
    expect(errorOf('effectiveDate', '2026-09-15')).toBeUndefined();
  });

  it('ends the 6-month window at the end of a shorter month', () => {
    expect(errorOf('effectiveDate', '2027-02-28', '2026-08-31')).toBeUndefined();
    expect(errorOf('effectiveDate', '2027-03-01', '2026-08-31')).toEqual([INVALID.effectiveTooFar]);
  });
});

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

  it('gives the SPEC §5 and §8 texts for a missing, incorrect or unusable IBAN', () => {
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

  it('requires title, names and IBAN together when the holder differs (SPEC §5)', () => {
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

  it('writes a different holder as title + first name + last name (SPEC §3)', () => {
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

describe('change banners (SPEC §8)', () => {
  it('spell "suppression" correctly and keep the other texts as quoted', () => {
    const { removeDriver, changePayment } = CHANGE_MESSAGES.banners;
    expect(removeDriver.error).toBe(
      "Malheureusement, une erreur s'est produite lors de la suppression du conducteur",
    );
    expect(changePayment.success).toBe('Nous avons bien reçu vos nouvelles coordonnées bancaires.');
  });
});
