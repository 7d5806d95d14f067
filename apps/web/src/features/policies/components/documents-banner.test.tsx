// The owed-documents banner of the policies page (docs/product/policies.md « The owed-documents
// banner »): the days left as the customer reads them, from the broker's deadline of a document
// when it gave one, the 30-day rule otherwise; one day in the singular, a passed deadline said so.
import { addDays, todayInParis, unfulfilledDocuments, type Policy } from '@espace/contract';
import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { owedDocument, testPolicy } from '../../../testing/policy';
import { eachTestMounted } from '../../../testing/mounted';
import { DocumentsBanner } from './documents-banner';

const view = eachTestMounted();

/** The banner as the policies page shows it for these policies: its sentence and its bold part. */
function bannerFor(policies: Policy[]) {
  const { remainedDays } = unfulfilledDocuments(policies);
  act(() =>
    view.root.render(
      <MemoryRouter>
        <DocumentsBanner remainedDays={remainedDays} policyNumbers={['AU2025110264']} />
      </MemoryRouter>,
    ),
  );
  return {
    sentence: view.container.querySelector('h2 + p')!.textContent,
    bold: view.container.querySelector('strong')!.textContent,
  };
}

const owing = (dueOn: string | null, startDate = '2024-01-01') =>
  testPolicy({
    policyNumber: 'AU2025110264',
    startDate,
    documents: [owedDocument(dueOn)],
  });
const inDays = (days: number) => addDays(todayInParis(), days);

describe('DocumentsBanner', () => {
  it('counts the days until the broker’s deadline, not from the contract’s old start date', () => {
    expect(bannerFor([owing(inDays(40))])).toEqual({
      sentence:
        'Merci de nous transmettre en ligne les documents demandés dans un délai de 40\u00a0jours.',
      bold: '40\u00a0jours',
    });
  });

  it('says « 1 jour », today being the last', () => {
    expect(bannerFor([owing(inDays(1))]).sentence).toBe(
      'Merci de nous transmettre en ligne les documents demandés dans un délai de 1\u00a0jour (aujourd’hui au plus tard).',
    );
  });

  it('says that the deadline has passed rather than « 0 jour »', () => {
    for (const policy of [owing(inDays(0)), owing(inDays(-5)), owing(null)]) {
      const { sentence, bold } = bannerFor([policy]);
      expect(sentence).toBe(
        'Le délai pour nous transmettre les documents demandés est dépassé\u00a0: merci de nous les transmettre en ligne au plus vite.',
      );
      expect(bold).toBe('dépassé');
    }
  });

  it('keeps the 30-day rule for a document without a deadline', () => {
    // Started 11 days ago: 30 − (11 − 1) = 20 days left.
    expect(bannerFor([owing(null, inDays(-11))]).bold).toBe('20\u00a0jours');
  });
});
