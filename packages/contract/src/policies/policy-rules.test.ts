import { describe, expect, it } from 'vitest';
import type { DocumentStatus, Policy } from './policy';
import {
  allTerminated,
  policyStateLabel,
  policyStateStyle,
  documentsForPhone,
  documentsOwedFirst,
  isTerminated,
  owedDocumentDaysLeft,
  owedDocumentLastDay,
  owesDocuments,
  principalDriver,
  unfulfilledDocuments,
} from './policy-rules';
import { testDocument } from './test-helpers';

type RulePolicy = Pick<Policy, 'state' | 'documents' | 'startDate'>;

const policy = (
  state: string,
  startDate: string,
  ...statuses: (DocumentStatus | null)[]
): RulePolicy => ({
  state,
  startDate,
  documents: statuses.map((status) => testDocument(status)),
});
const TODAY = new Date('2026-11-21T12:00:00Z'); // 21 November 2026 in Paris

describe('terminated states (docs/product/policies.md)', () => {
  it("counts 'Résilié' and 'Résilié CTX' as terminated, nothing else", () => {
    expect(isTerminated({ state: 'Résilié' })).toBe(true);
    expect(isTerminated({ state: 'Résilié CTX' })).toBe(true);
    for (const state of ['Actif', 'Suspendu', 'résilié', 'Résilié ctx', ''])
      expect(isTerminated({ state })).toBe(false);
  });

  it('says all are terminated only for a non-empty list of terminated policies', () => {
    expect(allTerminated([{ state: 'Résilié' }, { state: 'Résilié CTX' }])).toBe(true);
    expect(allTerminated([{ state: 'Résilié' }, { state: 'Actif' }])).toBe(false);
    expect(allTerminated([])).toBe(false);
  });
});

describe('unfulfilled documents and remaining days (docs/product/policies.md)', () => {
  it('counts pending, rejected and not validated documents only', () => {
    for (const status of ['pending', 'rejected', 'not validated'] as const) {
      expect(owesDocuments(policy('Actif', '2026-11-20', status))).toBe(true);
    }
    for (const status of ['validated', 'received', 'cancelled', null] as const) {
      expect(owesDocuments(policy('Actif', '2026-11-20', status))).toBe(false);
    }
  });

  it("ignores policies in state 'Résilié' but not 'Résilié CTX'", () => {
    expect(owesDocuments(policy('Résilié', '2026-11-20', 'pending'))).toBe(false);
    expect(owesDocuments(policy('Résilié CTX', '2026-11-20', 'pending'))).toBe(true);
    expect(unfulfilledDocuments([policy('Résilié', '2026-11-01', 'pending')], TODAY)).toEqual({
      unfulfilledDocs: false,
      remainedDays: 0,
    });
  });

  it('computes 30 minus (whole days elapsed minus one)', () => {
    // 12 days elapsed → 11 → 19 remaining.
    expect(unfulfilledDocuments([policy('Actif', '2026-11-09', 'pending')], TODAY)).toEqual({
      unfulfilledDocs: true,
      remainedDays: 19,
    });
    // Started today: −1 elapsed → 31, exactly as docs/product/policies.md states the formula.
    expect(
      unfulfilledDocuments([policy('Actif', '2026-11-21', 'pending')], TODAY).remainedDays,
    ).toBe(31);
  });

  it('reaches 0 at the 30-day cut-off and stays there', () => {
    // 30 days elapsed → 29 → 1; 31 days → 30 → 0; later → 0.
    expect(
      unfulfilledDocuments([policy('Actif', '2026-10-22', 'pending')], TODAY).remainedDays,
    ).toBe(1);
    expect(
      unfulfilledDocuments([policy('Actif', '2026-10-21', 'pending')], TODAY).remainedDays,
    ).toBe(0);
    expect(
      unfulfilledDocuments([policy('Actif', '2025-01-01', 'rejected')], TODAY).remainedDays,
    ).toBe(0);
  });

  it('uses the earliest start date among the policies that owe documents', () => {
    const result = unfulfilledDocuments(
      [
        policy('Actif', '2026-11-15', 'pending'),
        policy('Actif', '2026-11-05', 'not validated'),
        policy('Actif', '2026-01-01', 'validated'), // owes nothing: not considered
        policy('Résilié', '2026-10-01', 'pending'), // ignored
      ],
      TODAY,
    );
    // 16 days elapsed → 15 → 15 remaining.
    expect(result).toEqual({ unfulfilledDocs: true, remainedDays: 15 });
  });

  it('crosses month and year ends by calendar days', () => {
    expect(
      unfulfilledDocuments(
        [policy('Actif', '2025-12-31', 'pending')],
        new Date('2026-01-10T12:00:00Z'),
      ).remainedDays,
    ).toBe(21);
    expect(
      unfulfilledDocuments(
        [policy('Actif', '2024-02-28', 'pending')],
        new Date('2024-03-01T12:00:00Z'),
      ).remainedDays,
    ).toBe(29);
  });
});

describe('the broker’s deadline of a document (docs/product/policies.md)', () => {
  const due = (status: DocumentStatus | null, dueOn: string | null) => ({
    ...testDocument(status),
    dueOn,
  });

  it('counts the days until the broker’s deadline, whatever the start date', () => {
    // Started long ago (the 30-day rule would say 0); the deadline 40 days away leaves 40 days.
    const owing = {
      state: 'Actif',
      startDate: '2024-01-01',
      documents: [due('pending', '2026-12-31')],
    };
    expect(unfulfilledDocuments([owing], TODAY)).toEqual({
      unfulfilledDocs: true,
      remainedDays: 40,
    });
    // « À envoyer avant le 31.12 »: the 30th is the last day, the 31st is too late.
    expect(owedDocumentDaysLeft(due('pending', '2026-11-22'), '2024-01-01', TODAY)).toBe(1);
    expect(owedDocumentDaysLeft(due('pending', '2026-11-21'), '2024-01-01', TODAY)).toBe(0);
    expect(owedDocumentDaysLeft(due('pending', '2026-10-01'), '2024-01-01', TODAY)).toBe(0);
    expect(owedDocumentLastDay(due('pending', '2026-12-31'), '2024-01-01')).toBe('2026-12-30');
  });

  it('keeps the 30-day rule for a document without a deadline, and takes the fewest days', () => {
    expect(owedDocumentDaysLeft(due('pending', null), '2026-11-09', TODAY)).toBe(19);
    expect(owedDocumentLastDay(due('pending', null), '2026-11-09')).toBe('2026-12-09');
    const mixed = {
      state: 'Actif',
      startDate: '2026-11-09',
      documents: [due('pending', '2026-12-31'), due('rejected', null)],
    };
    expect(unfulfilledDocuments([mixed], TODAY).remainedDays).toBe(19);
    const sooner = { ...mixed, documents: [due('pending', '2026-11-26'), due('rejected', null)] };
    expect(unfulfilledDocuments([sooner], TODAY).remainedDays).toBe(5);
  });

  it('ignores the deadline of a document no longer owed', () => {
    const sent = {
      state: 'Actif',
      startDate: '2026-11-09',
      documents: [due('received', '2026-11-22'), due('pending', null)],
    };
    expect(unfulfilledDocuments([sent], TODAY).remainedDays).toBe(19);
  });
});

describe('remaining days on the Paris calendar day (docs/product/policies.md)', () => {
  const owing = [policy('Actif', '2026-11-09', 'pending')];

  it('counts the new day from midnight in Paris, while it is still the day before in UTC', () => {
    // 23:30 UTC on 20 November is 00:30 on 21 November in Paris (UTC+1 in winter).
    expect(unfulfilledDocuments(owing, new Date('2026-11-20T23:30:00Z')).remainedDays).toBe(19);
    expect(unfulfilledDocuments(owing, new Date('2026-11-20T22:30:00Z')).remainedDays).toBe(20);
  });

  it('follows summer time too', () => {
    // 22:30 UTC on 30 June is 00:30 on 1 July in Paris (UTC+2): 22 days since 9 June.
    const june = [policy('Actif', '2026-06-09', 'pending')];
    expect(unfulfilledDocuments(june, new Date('2026-06-30T22:30:00Z')).remainedDays).toBe(9);
  });
});

describe('principal driver', () => {
  it('returns the principal driver, or undefined', () => {
    expect(
      principalDriver([
        { principal: false, crm: 1 },
        { principal: true, crm: 0.5 },
      ]),
    ).toEqual({ principal: true, crm: 0.5 });
    expect(principalDriver([{ principal: false }])).toBeUndefined();
  });
});

describe('documents owed first', () => {
  it('puts pending, rejected and not validated documents before the others, in order', () => {
    const docs = (
      ['validated', 'pending', null, 'rejected', 'received', 'not validated'] as const
    ).map((status, i) => ({ status, i }));
    expect(documentsOwedFirst(docs).map((d) => d.i)).toEqual([1, 3, 5, 0, 2, 4]);
  });
});

describe('documents on a phone', () => {
  it('lists the pieces asked for a request and still to send first, the latest asked first', () => {
    // In the broker's order: the seed's documents, then the pieces as they were asked.
    const docs = [
      { i: 0, status: 'validated', askedForRequest: false },
      { i: 1, status: 'pending', askedForRequest: false },
      { i: 2, status: null, askedForRequest: false },
      { i: 3, status: 'rejected', askedForRequest: false },
      { i: 4, status: null, askedForRequest: true }, // asked first, not sent
      { i: 5, status: 'received', askedForRequest: true }, // asked, sent: no longer first
      { i: 6, status: 'rejected', askedForRequest: true }, // asked, refused: to send again
      { i: 7, status: null, askedForRequest: true }, // asked last
    ] as const;
    expect(documentsForPhone(docs).map((d) => d.i)).toEqual([7, 6, 4, 1, 3, 0, 2, 5]);
  });

  it('is documentsOwedFirst when nothing was asked for a request', () => {
    const docs = (['validated', 'pending', null, 'rejected'] as const).map((status, i) => ({
      status,
      i,
    }));
    expect(documentsForPhone(docs).map((d) => d.i)).toEqual([1, 3, 0, 2]);
  });
});

describe('policy state as the customer reads it', () => {
  it("shows 'Résilié CTX' as 'Résilié' and styles 'Suspendu' as a warning", () => {
    expect(policyStateLabel('Résilié CTX')).toBe('Résilié');
    expect(policyStateLabel('Suspendu')).toBe('Suspendu');
    expect(['Actif', 'Suspendu', 'Résilié', 'Résilié CTX'].map(policyStateStyle)).toEqual([
      'active',
      'suspended',
      'terminated',
      'terminated',
    ]);
  });
});
