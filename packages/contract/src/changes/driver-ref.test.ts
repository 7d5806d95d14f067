import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHANGE_MESSAGES } from './messages';
import { driverRefSchema } from './driver-ref';
import { errorsOf, TODAY } from './test-helpers';

const { invalid: INVALID } = CHANGE_MESSAGES;

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
