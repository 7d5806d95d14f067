// A submission keeps its idempotency key only while its values are the same: the server refuses
// a key sent again with other values (docs/decisions/0055-idempotency-fingerprint.md).
import { describe, expect, it } from 'vitest';
import { submissionValues } from './idempotency';

const file = (name: string, bytes: string, lastModified: number) =>
  new File([bytes], name, { type: 'application/pdf', lastModified });

describe('submissionValues', () => {
  it('is the same for the same values and the same file', () => {
    const a = { fileType: 'mandat_sepa', upfile: file('mandat.pdf', 'abc', 1_700_000_000_000) };
    const b = { fileType: 'mandat_sepa', upfile: file('mandat.pdf', 'abc', 1_700_000_000_000) };
    expect(submissionValues(a)).toBe(submissionValues(b));
  });

  it.each([
    ['another value', { fileType: 'permis', upfile: file('mandat.pdf', 'abc', 1) }],
    [
      'another file name of the same size',
      { fileType: 'mandat_sepa', upfile: file('autre.pdf', 'abc', 1) },
    ],
    ['another file date', { fileType: 'mandat_sepa', upfile: file('mandat.pdf', 'abc', 2) }],
    ['another file size', { fileType: 'mandat_sepa', upfile: file('mandat.pdf', 'abcd', 1) }],
  ])('changes with %s', (_, other) => {
    const first = { fileType: 'mandat_sepa', upfile: file('mandat.pdf', 'abc', 1) };
    expect(submissionValues(other)).not.toBe(submissionValues(first));
  });
});
