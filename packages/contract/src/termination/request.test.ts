import { describe, expect, it } from 'vitest';
import { TERMINATION_MESSAGES } from './messages';
import { terminationRequestSchema } from './request';
import { TERMINATION_REASONS } from './reasons';

const [onAnniversary, sale, other] = TERMINATION_REASONS.map((r) => r.label) as [
  string,
  string,
  string,
];
const file = { fileName: 'cession.pdf', fileType: 'application/pdf', fileContent: 'JVBERi0=' };
const base = {
  firstName: 'Camille',
  lastName: 'Martin',
  email: 'camille.martin@example.fr',
  phone: '06 12 34 56 78',
  comment: '',
  licensePlate: 'GH-482-KL',
  hasFile: false,
  files: [],
};

function messages(body: unknown): Record<string, string> {
  const parsed = terminationRequestSchema.safeParse(body);
  if (parsed.success) return {};
  return Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('the termination request', () => {
  it('accepts a termination at the anniversary without files', () => {
    expect(messages({ ...base, reason: onAnniversary })).toEqual({});
  });

  it('asks for phone, email and reason', () => {
    expect(messages({ ...base, phone: ' ', email: '', reason: '' })).toEqual({
      phone: TERMINATION_MESSAGES.required.phone,
      email: TERMINATION_MESSAGES.required.email,
      reason: TERMINATION_MESSAGES.required.reason,
    });
  });

  it('asks for a proof of sale, and one only', () => {
    const sold = { ...base, reason: sale, saleDate: '2026-11-10' };
    expect(messages(sold)).toEqual({
      files: TERMINATION_MESSAGES.required.attachment,
    });
    expect(messages({ ...sold, files: [file] })).toEqual({});
    expect(messages({ ...sold, files: [file, file] })).toEqual({
      files: TERMINATION_MESSAGES.invalid.tooManyFiles(1),
    });
  });

  it('asks the date of the sale, a real day', () => {
    const sold = { ...base, reason: sale, files: [file] };
    expect(messages(sold)).toEqual({ saleDate: TERMINATION_MESSAGES.required.saleDate });
    expect(messages({ ...sold, saleDate: '2026-02-30' })).toEqual({
      saleDate: TERMINATION_MESSAGES.invalid.saleDate,
    });
    expect(messages({ ...sold, saleDate: 'hier' })).toEqual({
      saleDate: TERMINATION_MESSAGES.invalid.saleDate,
    });
    expect(terminationRequestSchema.parse({ ...sold, saleDate: '10.11.2026' }).saleDate).toBe(
      '2026-11-10',
    );
  });

  it('asks for a comment and a document for another reason, at most two documents', () => {
    expect(messages({ ...base, reason: other })).toEqual({
      comment: TERMINATION_MESSAGES.required.comment,
      files: TERMINATION_MESSAGES.required.attachment,
    });
    expect(messages({ ...base, reason: other, comment: 'Décès', files: [file, file] })).toEqual({});
    expect(
      messages({ ...base, reason: other, comment: 'Décès', files: [file, file, file] }),
    ).toHaveProperty('files');
  });

  it('limits the comment to 500 characters', () => {
    expect(messages({ ...base, reason: onAnniversary, comment: 'a'.repeat(500) })).toEqual({});
    expect(messages({ ...base, reason: onAnniversary, comment: 'a'.repeat(501) })).toEqual({
      comment: TERMINATION_MESSAGES.invalid.commentTooLong,
    });
  });
});
