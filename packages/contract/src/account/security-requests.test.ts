import { describe, expect, it } from 'vitest';
import { SAFE_TEXT_MESSAGE } from '../shared/safe-text';
import { ACCOUNT_SECURITY_MESSAGES as M } from './messages';
import { newPasswordPairErrors } from './security-requests';

describe('the two fields of a server-drawn new-password form', () => {
  it('lets a pair of the same safe text go on to the password rule', () => {
    expect(newPasswordPairErrors('Nouveau-mot2passe!', 'Nouveau-mot2passe!')).toEqual({});
  });

  it('says each empty field is required', () => {
    expect(newPasswordPairErrors('', '')).toEqual({
      newPassword: M.required,
      confirmation: M.required,
    });
    expect(newPasswordPairErrors('abc', '')).toEqual({ confirmation: M.required });
  });

  it('says under both fields that they differ', () => {
    expect(newPasswordPairErrors('Nouveau-mot2passe!', 'Nouveau-mot2passe?')).toEqual({
      newPassword: M.mismatch,
      confirmation: M.mismatch,
    });
  });

  it('refuses control characters and bidi overrides', () => {
    expect(newPasswordPairErrors('abc\u202Edef', '').newPassword).toBe(SAFE_TEXT_MESSAGE);
  });
});
