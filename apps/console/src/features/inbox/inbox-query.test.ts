import { describe, expect, it } from 'vitest';
import { readInboxQuery, writeInboxQuery } from './inbox-query';

describe('the inbox’s URL', () => {
  it('reads the filters, sort and page, with the defaults for what is missing', () => {
    expect(readInboxQuery(new URLSearchParams('kind=claim&agent=me&page=3'))).toEqual({
      kind: 'claim',
      agent: 'me',
      state: 'open',
      sort: 'oldest',
      page: 3,
    });
  });

  it('drops a wrong value and keeps the others', () => {
    expect(readInboxQuery(new URLSearchParams('kind=nothing&status=done&page=-2'))).toEqual({
      status: 'done',
      state: 'open',
      sort: 'oldest',
      page: 1,
    });
  });

  it('writes only what differs from the defaults, so a link stays short', () => {
    const params = writeInboxQuery({ kind: 'claim', state: 'open', sort: 'newest', page: 1 });
    expect(params.toString()).toBe('kind=claim&sort=newest');
    expect(readInboxQuery(params)).toMatchObject({ kind: 'claim', sort: 'newest', page: 1 });
  });
});
