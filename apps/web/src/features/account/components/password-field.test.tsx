import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { eachTestMounted } from '../../../testing/mounted';
import { PasswordField } from './password-field';

const view = eachTestMounted();

const render = (error?: string) =>
  act(() =>
    view.root.render(
      <PasswordField
        id="new-password"
        label="Nouveau mot de passe"
        hint="La règle"
        error={error}
        autoComplete="new-password"
      />,
    ),
  );

describe('a password field', () => {
  it('hides the password until the toggle is pressed, and hides it again', () => {
    render();
    const input = view.container.querySelector('input')!;
    const toggle = view.container.querySelector('button')!;
    expect(input.type).toBe('password');
    expect(toggle.textContent).toBe('Afficher le mot de passe\u00a0: Nouveau mot de passe');
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    act(() => toggle.click());
    expect(input.type).toBe('text');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    act(() => toggle.click());
    expect(input.type).toBe('password');
  });

  it('links the rule and the error to the input', () => {
    render('Mot de passe est nécessaire');
    const input = view.container.querySelector('input')!;
    expect(input.getAttribute('aria-describedby')).toBe('new-password-hint new-password-error');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(view.container.querySelector('#new-password-error')?.textContent).toBe(
      'Mot de passe est nécessaire',
    );
  });
});
