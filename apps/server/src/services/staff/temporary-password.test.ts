// The temporary password a staff account is created with follows the password rule it must be
// replaced under (docs/decisions/0086-staff-temporary-passwords.md): about 1 random draw in 60
// has no digit, so 2,000 draws without the rule's check would almost surely hold one.
import { newPasswordProblem } from '@espace/contract';
import { describe, expect, it } from 'vitest';
import { temporaryPassword } from './staff-accounts';

describe('temporaryPassword', () => {
  it('always follows the password rule, at 24 characters', () => {
    const drawn = Array.from({ length: 2000 }, temporaryPassword);
    expect(drawn.filter((password) => newPasswordProblem(password) !== undefined)).toEqual([]);
    expect(new Set(drawn.map((password) => password.length))).toEqual(new Set([24]));
    expect(new Set(drawn).size).toBe(2000);
  });
});
