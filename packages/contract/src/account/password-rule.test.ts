import { describe, expect, it } from 'vitest';
import {
  newPasswordProblem,
  PASSWORD_MAX_LENGTH,
  PASSWORD_RULE_MESSAGES as R,
} from './password-rule';
import { passwordChangeFormSchema, passwordChangeSchema } from './security-requests';
import { ACCOUNT_SECURITY_MESSAGES as M } from './messages';

describe('the new-password rule (CNIL deliberation 2022-100)', () => {
  it.each([
    ['Abcdefgh12#x', '12 characters of the four kinds'],
    ['Abcdefghij1234', '14 characters with upper case, lower case and digits'],
    ['abcdefghij12#!', '14 characters with lower case, digits and specials'],
    ['Été 2026 à Brest !', 'accented letters and spaces'],
    ['A1#a'.repeat(32), 'exactly 128 characters'],
  ])('accepts %j (%s)', (password) => {
    expect(newPasswordProblem(password)).toBeUndefined();
  });

  it.each([
    ['Demo2026!', 'the old 8-character demo password'],
    ['Abcdefgh12x', '11 characters of the four kinds'],
    ['Abcdefghijk12', '13 characters of three kinds'],
    ['abcdefghijklmnopq', 'one kind only, however long'],
    ['abcdefghij1234', '14 characters of two kinds'],
  ])('refuses %j (%s)', (password) => {
    expect(newPasswordProblem(password)).toBe(R.tooWeak);
  });

  it('refuses more than 128 characters, counted as people see them', () => {
    expect(newPasswordProblem('A1#a'.repeat(32) + 'x')).toBe(R.tooLong);
    // 128 emoji are 256 UTF-16 units but 128 characters.
    expect(newPasswordProblem('Aa1' + '🚗'.repeat(125))).toBeUndefined();
  });

  it('refuses the old password and one containing the email', () => {
    expect(newPasswordProblem('Abcdefgh12#x', { oldPassword: 'Abcdefgh12#x' })).toBe(R.sameAsOld);
    expect(newPasswordProblem('Lea.Bernard@example.fr1', { email: 'lea.bernard@example.fr' })).toBe(
      R.containsEmail,
    );
  });
});

describe('the password change payloads', () => {
  it('requires each field with the docs/product/account.md message', () => {
    const result = passwordChangeSchema.safeParse({ oldPassword: '', newPassword: '' });
    expect(result.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ['oldPassword', M.required],
      ['newPassword', M.required],
    ]);
  });

  it('refuses a weak new password and the old one again', () => {
    const weak = passwordChangeSchema.safeParse({ oldPassword: 'x', newPassword: 'court' });
    expect(weak.error?.issues[0]).toMatchObject({ path: ['newPassword'], message: R.tooWeak });
    const same = passwordChangeSchema.safeParse({
      oldPassword: 'Abcdefgh12#x',
      newPassword: 'Abcdefgh12#x',
    });
    expect(same.error?.issues[0]?.message).toBe(R.sameAsOld);
  });

  it('says on both fields when the confirmation differs, and nothing else', () => {
    const form = passwordChangeFormSchema('lea.bernard@example.fr');
    const result = form.safeParse({
      oldPassword: 'Demo2026!',
      newPassword: 'Abcdefgh12#x',
      confirmation: 'Abcdefgh12#y',
    });
    expect(result.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ['newPassword', M.mismatch],
      ['confirmation', M.mismatch],
    ]);
  });

  it('shows every missing field at once and checks the email in the form', () => {
    const form = passwordChangeFormSchema('lea.bernard@example.fr');
    expect(
      form
        .safeParse({ oldPassword: '', newPassword: '', confirmation: '' })
        .error?.issues.map((i) => i.path[0]),
    ).toEqual(['oldPassword', 'newPassword', 'confirmation']);
    const withEmail = 'lea.bernard@example.fr#A';
    expect(
      form.safeParse({ oldPassword: 'x', newPassword: withEmail, confirmation: withEmail }).error
        ?.issues[0]?.message,
    ).toBe(R.containsEmail);
    expect(PASSWORD_MAX_LENGTH).toBe(128);
  });
});
