// A policy for the web app's unit tests: one active car, nothing owed, with what a test sets.
import type { DocumentToProvide, Policy } from '@espace/contract';

export function testPolicy(overrides: Partial<Policy> = {}): Policy {
  return {
    policyNumber: 'AU2026104512',
    accountId: 'acc-1',
    customerId: 'CUST-1',
    state: 'Actif',
    premiumA: 500,
    startDate: '2025-01-01',
    drivers: [],
    risks: [
      {
        licensePlate: 'GH-482-KL',
        manufacturer: 'Peugeot',
        model: '208',
        guaranteeFormula: 'Tiers',
        guarantees: [],
      },
    ],
    paymentDetails: null,
    address: null,
    documents: [],
    terminationRequest: null,
    ...overrides,
  };
}

/** A document the customer still has to send, before the broker's deadline `dueOn` when dated. */
export function owedDocument(dueOn: string | null): DocumentToProvide {
  return {
    name: 'Attestation',
    description: '',
    fileType: 'attestation',
    status: 'pending',
    canResend: false,
    maxFileNumber: null,
    exactFileNumber: null,
    filesReceived: 0,
    dueOn,
  };
}
