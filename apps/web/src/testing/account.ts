// An account for the web app's unit tests: Camille Martin in Lyon, with what a test sets.
import type { Account } from '@espace/contract';

export function testAccount(overrides: Partial<Account> = {}): Account {
  return {
    address: {
      id: 'adr-1',
      line1: '18 rue des Lilas',
      postalCode: '69003',
      city: 'Lyon',
      country: 'France',
      customerId: 'cus-1',
    },
    commercialConsent: false,
    firstName: 'Camille',
    lastName: 'Martin',
    email: 'camille.martin@example.fr',
    phoneNumber: '0612345678',
    ...overrides,
  };
}
