import { describe, expect, it } from 'vitest';
import { requestListQuerySchema } from './requests';

describe('requests', () => {
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
