import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { csvRecord } from './csv-record';

const schema = z.strictObject({
  name: z.string().trim(),
  premium: z.number().nonnegative(),
  consent: z.boolean(),
  address: z.strictObject({ line1: z.string(), zip: z.string() }),
  garage: z.strictObject({ street: z.string() }).nullable().optional().default(null),
  drivers: z.array(
    z.strictObject({
      name: z.string(),
      crm: z.number(),
      share: z.union([z.literal(0), z.literal(50), z.literal(100)]),
    }),
  ),
});
const read = (row: Record<string, string>) => csvRecord(row, () => schema);

describe('a CSV line of the import', () => {
  it('builds the record from dotted columns, reading numbers and booleans where the schema wants them', () => {
    expect(
      read({
        kind: 'x',
        name: 'Nadia',
        premium: '1 398,50',
        consent: 'Oui',
        'address.line1': '40 avenue Jean Jaurès',
        'address.zip': '01000',
        'drivers.0.name': 'Nadia',
        'drivers.0.crm': '0,85',
        'drivers.0.share': '50',
      }),
    ).toEqual({
      kind: 'x',
      name: 'Nadia',
      premium: 1398.5,
      consent: true,
      address: { line1: '40 avenue Jean Jaurès', zip: '01000' },
      drivers: [{ name: 'Nadia', crm: 0.85, share: 50 }],
    });
  });

  it('leaves out empty cells, empty objects and empty list entries', () => {
    expect(
      read({
        name: 'Karim',
        'garage.street': '',
        'drivers.0.name': 'Karim',
        'drivers.1.name': '',
        'drivers.1.crm': ' ',
      }),
    ).toEqual({ name: 'Karim', drivers: [{ name: 'Karim' }] });
  });

  it('keeps a cell that is not the number or boolean asked for, for the schema to refuse', () => {
    const record = read({ premium: 'beaucoup', consent: 'peut-être' });
    expect(record).toEqual({ premium: 'beaucoup', consent: 'peut-être' });
    expect(schema.safeParse(record).success).toBe(false);
  });
});
