import { describe, expect, it } from 'vitest';
import { owedDocumentDueLine, owedDocumentsDelay, sentenceText } from './owed-documents-texts';

const TODAY = new Date('2026-11-21T12:00:00Z'); // 21 November 2026 in Paris

describe('the owed-documents banner’s sentence', () => {
  it('counts the days in the plural, with a no-break space before « jours »', () => {
    expect(owedDocumentsDelay(40)).toEqual({
      before: 'Merci de nous transmettre en ligne les documents demandés dans un délai de ',
      emphasis: '40\u00a0jours',
      after: '.',
    });
    expect(owedDocumentsDelay(2).emphasis).toBe('2\u00a0jours');
  });

  it('says one day in the singular, today being the last', () => {
    expect(sentenceText(owedDocumentsDelay(1))).toBe(
      'Merci de nous transmettre en ligne les documents demandés dans un délai de 1\u00a0jour (aujourd’hui au plus tard).',
    );
  });

  it('says that the deadline has passed, never « 0 jour » nor a negative count', () => {
    for (const days of [0, -3]) {
      const text = sentenceText(owedDocumentsDelay(days));
      expect(text).toBe(
        'Le délai pour nous transmettre les documents demandés est dépassé\u00a0: merci de nous les transmettre en ligne au plus vite.',
      );
      expect(text).not.toMatch(/\d/);
    }
  });
});

describe('a document’s deadline line', () => {
  const doc = (status: 'pending' | 'received' | null, dueOn: string | null) => ({ status, dueOn });

  it('shows the broker’s date for a document still to send', () => {
    for (const status of ['pending', null] as const)
      expect(owedDocumentDueLine(doc(status, '2026-12-31'), TODAY)).toBe(
        'À envoyer avant le 31.12.2026',
      );
    expect(owedDocumentDueLine({ status: 'rejected', dueOn: '2026-11-22' }, TODAY)).toBe(
      'À envoyer avant le 22.11.2026',
    );
  });

  it('says the deadline has passed from its day on', () => {
    expect(owedDocumentDueLine(doc('pending', '2026-11-21'), TODAY)).toBe(
      'Délai dépassé depuis le 21.11.2026\u00a0: à envoyer au plus vite',
    );
  });

  it('shows nothing without a date, or for a document already sent', () => {
    expect(owedDocumentDueLine(doc('pending', null), TODAY)).toBeNull();
    expect(owedDocumentDueLine({ status: 'pending' }, TODAY)).toBeNull();
    expect(owedDocumentDueLine(doc('received', '2026-12-31'), TODAY)).toBeNull();
    expect(owedDocumentDueLine({ status: 'validated', dueOn: '2026-12-31' }, TODAY)).toBeNull();
  });
});
