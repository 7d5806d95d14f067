import { describe, expect, it } from 'vitest';
import { maskIban, requestListQuerySchema } from './requests';

describe('requests', () => {
  it('masks an IBAN to its country, check digits and last four characters', () => {
    expect(maskIban('fr76 3000 4000 0312 3456 7890 143')).toBe('FR76 •••• •••• 0143');
    expect(maskIban('DE89370400440532013000')).toBe('DE89 •••• •••• 3000');
    expect(maskIban('FR7')).toBe('••••');
  });

  it('reads the query with defaults and refuses what is out of range', () => {
    expect(requestListQuerySchema.parse({})).toEqual({ page: 1, pageSize: 10 });
    expect(requestListQuerySchema.parse({ page: '2', policyNumber: 'AU1' })).toEqual({
      page: 2,
      pageSize: 10,
      policyNumber: 'AU1',
    });
    expect(requestListQuerySchema.safeParse({ pageSize: '51' }).success).toBe(false);
    expect(requestListQuerySchema.safeParse({ page: '0' }).success).toBe(false);
  });
});
