import { describe, expect, it } from 'vitest';
import { contractsInForce, owedDocuments, requestsBeingHandled } from './deletion-recap';
import type { DocumentStatus } from '../policies/policy';
import { documentDaysLeft, documentDeadline, unfulfilledDocuments } from '../policies/policy-rules';
import { testDocument } from '../policies/test-helpers';
import type { RequestStatus } from '../requests/kinds';

const doc = (name: string, status: DocumentStatus | null) => testDocument(status, name);
const TODAY = new Date('2026-11-21T12:00:00Z'); // 21 November 2026 in Paris

describe('the deadline of owed documents (the « jours restants » rule)', () => {
  it('is the start date plus 30 days, the last day with one day left', () => {
    expect(documentDeadline('2026-11-10')).toBe('2026-12-10');
    expect(documentDaysLeft('2026-11-10', new Date('2026-12-10T12:00:00Z'))).toBe(1);
    expect(documentDaysLeft('2026-11-10', new Date('2026-12-11T12:00:00Z'))).toBe(0);
    expect(documentDaysLeft('2026-11-21', TODAY)).toBe(31);
    expect(documentDaysLeft('2020-01-01', TODAY)).toBe(0);
  });

  it('gives the banner the same count as the earliest contract owing documents', () => {
    const policies = [
      {
        policyNumber: 'B',
        state: 'Actif',
        startDate: '2026-11-15',
        documents: [doc('Permis', 'pending')],
      },
      {
        policyNumber: 'A',
        state: 'Actif',
        startDate: '2026-11-01',
        documents: [doc('Carte grise', 'rejected')],
      },
    ];
    expect(unfulfilledDocuments(policies, TODAY).remainedDays).toBe(
      documentDaysLeft('2026-11-01', TODAY),
    );
    expect(owedDocuments(policies, TODAY)[0]!.daysLeft).toBe(
      unfulfilledDocuments(policies, TODAY).remainedDays,
    );
  });
});

describe('owedDocuments', () => {
  it('lists pending, rejected and not-validated documents with their contract and deadline, earliest first', () => {
    const policies = [
      {
        policyNumber: 'P-2',
        state: 'Suspendu',
        startDate: '2026-11-15',
        documents: [doc('Relevé', 'validated'), doc('Permis', 'not validated')],
      },
      {
        policyNumber: 'P-1',
        state: 'Actif',
        startDate: '2026-11-01',
        documents: [
          doc('Carte grise', 'received'),
          doc('RIB', 'pending'),
          doc('Permis', 'rejected'),
        ],
      },
    ];
    expect(owedDocuments(policies, TODAY)).toEqual([
      { policyNumber: 'P-1', name: 'RIB', status: 'pending', deadline: '2026-12-01', daysLeft: 11 },
      {
        policyNumber: 'P-1',
        name: 'Permis',
        status: 'rejected',
        deadline: '2026-12-01',
        daysLeft: 11,
      },
      {
        policyNumber: 'P-2',
        name: 'Permis',
        status: 'not validated',
        deadline: '2026-12-15',
        daysLeft: 25,
      },
    ]);
  });

  it('gives a document the broker dated the day before its deadline as last day, and its days', () => {
    const policies = [
      {
        policyNumber: 'OLD',
        state: 'Actif',
        startDate: '2024-01-01',
        documents: [{ ...doc('Attestation', 'pending'), dueOn: '2026-12-31' }],
      },
    ];
    expect(owedDocuments(policies, TODAY)).toEqual([
      {
        policyNumber: 'OLD',
        name: 'Attestation',
        status: 'pending',
        deadline: '2026-12-30',
        daysLeft: 40,
      },
    ]);
  });

  it('lists nothing for a terminated contract, received, validated, cancelled or status-less documents', () => {
    const policies = [
      {
        policyNumber: 'T',
        state: 'Résilié',
        startDate: '2026-11-01',
        documents: [doc('Permis', 'pending')],
      },
      {
        policyNumber: 'A',
        state: 'Actif',
        startDate: '2026-11-01',
        documents: (['validated', 'received', 'cancelled', null] as const).map((s) => doc('X', s)),
      },
    ];
    expect(owedDocuments(policies, TODAY)).toEqual([]);
    expect(owedDocuments([], TODAY)).toEqual([]);
  });
});

describe('requestsBeingHandled and contractsInForce', () => {
  it('keeps the requests received or in progress, not the ones done or refused', () => {
    const statuses: RequestStatus[] = ['received', 'in_progress', 'done', 'refused'];
    const requests = statuses.map((status, i) => ({ id: String(i), status }));
    expect(requestsBeingHandled(requests).map((r) => r.status)).toEqual([
      'received',
      'in_progress',
    ]);
  });

  it('keeps every contract not terminated', () => {
    const policies = ['Actif', 'Suspendu', 'Résilié', 'Résilié CTX'].map((state) => ({ state }));
    expect(contractsInForce(policies).map((p) => p.state)).toEqual(['Actif', 'Suspendu']);
  });
});
