import { describe, expect, it } from 'vitest';
import { PHONE_NUMBERS } from './constants';
import { ASSISTANCE_CALL } from './messages';

describe('the assistance call', () => {
  it('calls the assistance number in international format and says so', () => {
    expect(PHONE_NUMBERS.assistance).toBe('01 99 00 24 24');
    expect(ASSISTANCE_CALL.href).toBe('tel:+33199002424');
    expect(ASSISTANCE_CALL.number).toBe(PHONE_NUMBERS.assistance);
    expect(`${ASSISTANCE_CALL.name} ${ASSISTANCE_CALL.number}`).toBe(
      'Assistance 24h/24\u00a0: 01 99 00 24 24',
    );
    expect(ASSISTANCE_CALL.label).toBe('Appeler l’Assistance 24h/24\u00a0: 01 99 00 24 24');
  });

  it('keeps in its accessible name what it shows, word for word and in order (WCAG 2.5.3)', () => {
    expect(ASSISTANCE_CALL.label).toContain(`${ASSISTANCE_CALL.name} ${ASSISTANCE_CALL.number}`);
  });
});
