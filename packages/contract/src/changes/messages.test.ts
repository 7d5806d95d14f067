import { describe, expect, it } from 'vitest';
import { CHANGE_MESSAGES } from './messages';

describe('change banners (docs/product/changes.md)', () => {
  it('spell "suppression" correctly and keep the other texts as quoted', () => {
    const { removeDriver, changePayment } = CHANGE_MESSAGES.banners;
    expect(removeDriver.error).toBe(
      'Malheureusement, une erreur s’est produite lors de la suppression du conducteur',
    );
    expect(changePayment.success).toBe('Nous avons bien reçu vos nouvelles coordonnées bancaires.');
  });
});
