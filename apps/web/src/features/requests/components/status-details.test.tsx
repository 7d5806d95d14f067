// What a claim's steps and « En attente de pièces » show in French (docs/product/requests.md
// « Les statuts »): the document named with its due date and the link to « Documents à
// fournir », the expertise's date and expert, the garage, the settlement and franchise in EUR
// fr-FR.
import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { eachTestMounted } from '../../../testing/mounted';
import { StatusDetails } from './status-details';

const view = eachTestMounted();

function show(details: Parameters<typeof StatusDetails>[0]['details']) {
  act(() =>
    view.root.render(
      <MemoryRouter>
        <StatusDetails details={details} />
      </MemoryRouter>,
    ),
  );
  return view.container;
}

describe('StatusDetails', () => {
  it('names the awaited document, its due date, and links to « Documents à fournir »', () => {
    const shown = show({
      document: { name: 'Relevé d’information', files: 1, dueOn: '2026-12-08' },
    });
    expect(shown.textContent).toBe(
      'Pièce attendue\u00a0: Relevé d’information, à envoyer avant le 08.12.2026. Documents à fournir',
    );
    expect(shown.querySelector('a')?.getAttribute('href')).toBe('/documents/1');
  });

  it('shows a claim’s expertise, garage and settlement in French, amounts in EUR fr-FR', () => {
    const shown = show({
      expertise: { date: '2026-12-02', expert: 'Cabinet Durand' },
      repair: { garage: 'Garage du Centre, Lyon' },
      settlement: { amount: 1234.5, franchise: 380 },
    });
    const lines = [...shown.querySelectorAll('p')].map((p) => p.textContent);
    expect(lines).toEqual([
      'Expertise le 02.12.2026 par Cabinet Durand.',
      'Garage\u00a0: Garage du Centre, Lyon.',
      'Montant versé\u00a0: 1\u202f234,50\u00a0€, franchise\u00a0: 380,00\u00a0€.',
    ]);
  });

  it('shows nothing for a status without details', () => {
    expect(show(null).textContent).toBe('');
  });
});
