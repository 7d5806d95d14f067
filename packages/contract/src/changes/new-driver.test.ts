import { describe, expect, it } from 'vitest';
import { CHANGE_MESSAGES } from './messages';
import { newDriverSchema } from './new-driver';
import { errorsOf, TODAY } from './test-helpers';

const { required: REQUIRED, invalid: INVALID } = CHANGE_MESSAGES;

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

  it('turns a filled form into the docs/product/changes.md payload', () => {
    expect(schema.parse(newDriver)).toEqual({
      salutation: 'Mme',
      firstName: 'Anne-Sophie',
      lastName: 'D’Artagnan',
      birthDate: '2008-03-15',
      bonus: 0.85,
      relationToCustomer: 'Enfant',
      driverLicenseNr: '123456789012',
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
    ['birthDate', '2008-03-16', 'Le conducteur à assurer doit être âgé d’au moins 18 ans'],
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

  it('sends the licence number as a string in both French formats (not docs/product/changes.md)', () => {
    const nr = (value: unknown) =>
      schema.parse({ ...newDriver, driverLicenseNr: value }).driverLicenseNr;
    expect(nr('0123 4567 8901')).toBe('012345678901');
    expect(nr(12345678901)).toBe('012345678901');
    expect(nr('13ab12345')).toBe('13AB12345');
    expect(nr('13 AB 12345')).toBe('13AB12345');
    expect(errorOf('driverLicenseNr', 'AB1312345')).toEqual([INVALID.driverLicenseNr(12)]);
    expect(errorOf('driverLicenseNr', '13AB12')).toEqual([INVALID.driverLicenseNr(12)]);
  });

  it('refuses a licence obtained before the 17th birthday, and a birth over 120 years ago', () => {
    const issues = (driver: object) =>
      schema
        .safeParse({ ...newDriver, ...driver })
        .error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues({ birthDate: '15.03.2008', driverLicensePermDate: '14.03.2025' })).toEqual([
      ['driverLicensePermDate', INVALID.licenceBefore17],
    ]);
    expect(
      issues({ birthDate: '15.03.2008', driverLicensePermDate: '15.03.2025' }),
    ).toBeUndefined();
    expect(issues({ birthDate: '01.01.1900' })).toEqual([['birthDate', INVALID.birthTooOld]]);
  });
});
