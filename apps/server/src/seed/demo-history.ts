// The demo customers' past: what the relevé d'informations states beyond the policy
// card (claims of the last years, licence dates, how terminated policies ended) and requests
// already made, in every status the broker sets, so 'Mes demandes' has a history to show
// (Jean's account: the API tests of the other screens start Camille's with no request).
import { randomUUID } from 'node:crypto';
import { addDays, todayInParis, type RequestStatus } from '@espace/contract';
import { sql } from 'kysely';
import type { Db } from '../db/client';
import { setRequestStatus } from '../services/requests/request-status';

const daysAgo = (days: number) => addDays(todayInParis(), -days);
/** Mid-morning in Paris on that day. */
const at = (days: number, hour = 9) =>
  new Date(`${daysAgo(days)}T${String(hour).padStart(2, '0')}:30:00Z`);

/** How each terminated demo policy ended. */
export const ENDINGS: Record<string, { endDaysAgo: number; reason: string }> = {
  AU2019004215: { endDaysAgo: 300, reason: 'Résiliation à l’échéance à la demande de l’assuré' },
  AU2020007342: { endDaysAgo: 150, reason: 'Vente du véhicule' },
  AU2021012290: { endDaysAgo: 400, reason: 'Non-paiement de la prime (contentieux)' },
};

export interface DemoClaim {
  daysAgo: number;
  nature: string;
  responsibility: 0 | 50 | 100;
}

/** Claims per policy; the oldest of AU2019004215 is more than 5 years old, off the relevé. */
export const DEMO_CLAIMS: Record<string, DemoClaim[]> = {
  AU2025087731: [{ daysAgo: 160, nature: 'Bris de glace (pare-brise)', responsibility: 0 }],
  AU2023049920: [
    {
      daysAgo: 700,
      nature: 'Accident matériel avec un tiers, en stationnement',
      responsibility: 100,
    },
  ],
  AU2022031457: [{ daysAgo: 1000, nature: 'Vol d’accessoires', responsibility: 0 }],
  AU2019004215: [
    { daysAgo: 900, nature: 'Accident matériel avec un tiers, à un carrefour', responsibility: 50 },
    { daysAgo: 1500, nature: 'Bris de glace (pare-brise)', responsibility: 0 },
    { daysAgo: 2200, nature: 'Vol du véhicule', responsibility: 0 },
  ],
  AU2020007342: [{ daysAgo: 600, nature: 'Accident corporel avec un tiers', responsibility: 100 }],
  AU2021012290: [{ daysAgo: 1000, nature: 'Grêle', responsibility: 0 }],
};

interface DemoRequest {
  kind: 'change' | 'outbox';
  type: string;
  policyNumber?: string;
  daysAgo: number;
  payload: Record<string, unknown>;
  /** The broker's steps after receipt: [status, days after the request, reason of a refusal]. */
  steps: [RequestStatus, number, string?][];
}

const JEAN_REQUESTS: DemoRequest[] = [
  {
    kind: 'change',
    type: 'change_vehicle',
    policyNumber: 'AU2020007342',
    daysAgo: 700,
    payload: {
      manufacturer: 'Volkswagen',
      model: 'Golf VIII',
      engine: 'Essence',
      equipment: 'Life',
      licensePlate: 'FP-118-ZE',
      regDate: daysAgo(720),
      effectiveDate: daysAgo(690),
    },
    steps: [
      ['in_progress', 2],
      ['done', 10],
    ],
  },
  {
    kind: 'change',
    type: 'add_driver',
    policyNumber: 'AU2020007342',
    daysAgo: 500,
    payload: {
      salutation: 'Mr',
      firstName: 'Hugo',
      lastName: 'Dupont',
      birthDate: '2004-05-17',
      relationToCustomer: 'Enfant',
      driverLicenseNr: '220575123456',
      driverLicensePermDate: daysAgo(520),
      effectiveDate: daysAgo(490),
    },
    steps: [
      ['in_progress', 1],
      [
        'refused',
        4,
        'Un conducteur novice ne peut pas être ajouté à la formule Tous risques de ce contrat.',
      ],
    ],
  },
  {
    kind: 'change',
    type: 'change_payment_details',
    policyNumber: 'AU2021012290',
    daysAgo: 450,
    payload: {
      id: 'demo',
      paymentMethod: 'Prélèvement SEPA mensuel',
      bankAccount: {
        iban: 'FR7630004000031234567890143',
        ownerName: 'M. Jean Dupont',
        changeHolder: false,
      },
    },
    steps: [['done', 3]],
  },
  {
    kind: 'outbox',
    type: 'contact.phone',
    daysAgo: 3,
    payload: { phone: '06 45 12 78 90' },
    steps: [['in_progress', 1]],
  },
  {
    kind: 'outbox',
    type: 'contact.mail',
    daysAgo: 1,
    payload: { text: 'Bonjour, pouvez-vous m’envoyer le relevé d’informations de ma Golf ?' },
    steps: [],
  },
];

/** The subscribers' own licence (from the driver they are); Jean's past requests. */
export async function seedDemoHistory(db: Db): Promise<void> {
  // Licence dates and numbers, endings and claims come with the contracts (demo-records.ts).
  // Each demo subscriber is also a driver of their contracts: the same birth date and licence.
  await sql`update accounts a set birth_date = d.birth_date, licence_number = d.licence_number,
    licence_date = d.licence_date
    from drivers d join policies p on p.policy_number = d.policy_number
    where p.account_id = a.id and d.first_name = a.first_name and d.last_name = a.last_name`.execute(
    db,
  );

  const jean = await db
    .selectFrom('accounts')
    .select(['id', 'customer_id'])
    .where('email', '=', 'jean.dupont@example.fr')
    .executeTakeFirstOrThrow();
  for (const request of JEAN_REQUESTS) {
    const created = at(request.daysAgo);
    let requestId: string;
    if (request.kind === 'change') {
      const id = randomUUID();
      await db
        .insertInto('change_requests')
        .values({
          id,
          type: request.type as 'add_driver',
          account_id: jean.id,
          policy_number: request.policyNumber!,
          payload: JSON.stringify(request.payload),
          created_at: created,
        })
        .execute();
      requestId = `change:${id}`;
    } else {
      const row = await db
        .insertInto('outbox')
        .values({
          type: request.type,
          account_id: jean.id,
          payload: JSON.stringify({ ...request.payload, customerId: jean.customer_id }),
          created_at: created,
          sent_at: created,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      requestId = `outbox:${row.id}`;
    }
    for (const [status, after, reason] of request.steps) {
      await setRequestStatus(
        db,
        requestId,
        status,
        reason ?? null,
        at(request.daysAgo - after, 14),
      );
    }
  }
}
