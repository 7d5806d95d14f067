import { describe, expect, it } from 'vitest';
import { CHANGE_MESSAGES } from './messages';
import { errorsOf, TODAY } from './test-helpers';
import { vehicleChangeSchema } from './vehicle-change';

const { required: REQUIRED, invalid: INVALID } = CHANGE_MESSAGES;

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

  it('accepts a registration today and an effective date from today to today + 6 months (docs/product/changes.md)', () => {
    expect(errorOf('regDate', TODAY)).toBeUndefined();
    expect(errorOf('effectiveDate', TODAY)).toBeUndefined();
    expect(errorOf('effectiveDate', '2026-09-15')).toBeUndefined();
  });

  it('ends the 6-month window at the end of a shorter month', () => {
    expect(errorOf('effectiveDate', '2027-02-28', '2026-08-31')).toBeUndefined();
    expect(errorOf('effectiveDate', '2027-03-01', '2026-08-31')).toEqual([INVALID.effectiveTooFar]);
  });
});
