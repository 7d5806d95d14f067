// The console at work in the demo (docs/console.md « La démo »): beside the three customers of
// the portal's demo, two more — Hélène Côté-Lefèvre, loaded by the broker and who never signed
// in (to try « Envoyer l’invitation »), and Nicolas Petit, who signs in with the demo password
// and whose requests and claims are in every state the broker sets, some late against their
// kind's target delay, some handled by the demo agent Léa Martin (named in their history), with
// two documents sent for checking (« En cours de vérification », their files stored). The
// request rows are written as the portal writes them, their statuses by setRequestStatus; the
// request index follows by its triggers.
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  addDays,
  CLAIM_KIND_LABELS,
  POLICY_STATES,
  todayInParis,
  type BrokerRequestStatus,
} from '@espace/contract';
import type { Db } from '../db/client';
import { renderDemoPdf } from '../platform/pdf/demo-pdf';
import { newStorageKey, type DocumentStorage } from '../platform/storage/storage';
import { setRequestStatus } from '../services/requests/request-status';
import type { DemoCustomer } from './demo-customers';

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);

const RC = {
  type: 'Responsabilité civile',
  description: 'Dommages causés aux tiers',
  franchise: 0,
};
const BRIS = { type: 'Bris de glace', description: 'Pare-brise et vitres', franchise: 90 };

export const NICOLAS = 'nicolas.petit@example.fr';

export const WORK_CUSTOMERS: DemoCustomer[] = [
  {
    email: 'helene.cote-lefevre@example.fr',
    firstName: 'Hélène',
    lastName: 'Côté-Lefèvre',
    phoneNumber: '06 71 82 93 04',
    commercialConsent: false,
    address: { line1: '9 place du Capitole', postalCode: '31000', city: 'Toulouse' },
    garages: [{ street: '9 place du Capitole', zip: '31000', city: 'Toulouse' }],
    policies: [
      {
        policyNumber: 'AU2026118804',
        state: POLICY_STATES.active,
        premiumA: 498.2,
        startDaysAgo: 12,
        garage: 0,
        vehicle: {
          licensePlate: 'GM-118-TL',
          manufacturer: 'Toyota',
          model: 'Yaris',
          guaranteeFormula: 'Tiers Plus',
        },
        guarantees: [RC, BRIS],
        drivers: [
          {
            salutation: 'Mme',
            firstName: 'Hélène',
            lastName: 'Côté-Lefèvre',
            birthDate: '1979-11-30',
            principal: true,
            crm: 0.5,
            licenceNumber: '980331204118',
            licenceDate: '1998-03-05',
          },
        ],
        documents: [],
      },
    ],
  },
  {
    email: NICOLAS,
    firstName: 'Nicolas',
    lastName: 'Petit',
    phoneNumber: '06 33 21 54 76',
    commercialConsent: true,
    address: { line1: '5 rue de la République', postalCode: '13002', city: 'Marseille' },
    garages: [{ street: '5 rue de la République', zip: '13002', city: 'Marseille' }],
    policies: [
      {
        policyNumber: 'AU2025093317',
        state: POLICY_STATES.active,
        premiumA: 742.9,
        startDaysAgo: 40,
        garage: 0,
        vehicle: {
          licensePlate: 'FZ-204-MP',
          manufacturer: 'Volkswagen',
          model: 'Golf VIII',
          guaranteeFormula: 'Tous risques',
        },
        guarantees: [RC, BRIS],
        drivers: [
          {
            salutation: 'Mr',
            firstName: 'Nicolas',
            lastName: 'Petit',
            birthDate: '1988-06-12',
            principal: true,
            crm: 0.72,
            licenceNumber: '15CF73920',
            licenceDate: '2015-09-02',
          },
        ],
        payment: {
          ownerName: 'M. Nicolas Petit',
          bic: 'CEPAFRPP131',
          iban: 'FR7611315000011234567890138',
        },
        documents: [
          {
            name: 'Carte grise',
            description: 'Certificat d’immatriculation du véhicule à votre nom',
            fileType: 'carte_grise',
            status: 'pending',
            canResend: true,
          },
          {
            name: 'Justificatif de domicile',
            description: 'Facture ou avis d’imposition de moins de 3 mois',
            fileType: 'domicile',
            status: 'pending',
            canResend: true,
          },
        ],
      },
    ],
  },
];

interface WorkRequest {
  type:
    'add_driver' | 'change_payment_details' | 'change_vehicle' | 'contact.phone' | 'contact.mail';
  hoursAgo: number;
  payload: Record<string, unknown>;
  /** The broker's steps: status, hours after receipt, message (a refusal's reason). */
  steps?: [BrokerRequestStatus, number, string?][];
  /** Handled by the demo agent. */
  assigned?: boolean;
}

const today = todayInParis();
const WORK_REQUESTS: WorkRequest[] = [
  {
    type: 'add_driver',
    hoursAgo: 5 * 24,
    payload: {
      salutation: 'Mme',
      firstName: 'Julie',
      lastName: 'Petit',
      birthDate: '1990-02-14',
      bonus: 0.8,
      relationToCustomer: 'Conjoint(e)',
      driverLicenseNr: '110613402771',
      driverLicensePermDate: '2011-06-20',
      effectiveDate: addDays(today, 3),
    },
  },
  {
    type: 'change_payment_details',
    hoursAgo: 4 * 24,
    payload: {
      id: 'demo',
      paymentMethod: 'Prélèvement SEPA mensuel',
      bankAccount: {
        iban: 'FR7630004000031234567890143',
        ownerName: 'M. Nicolas Petit',
        changeHolder: false,
      },
    },
  },
  {
    type: 'change_vehicle',
    hoursAgo: 30,
    assigned: true,
    payload: {
      manufacturer: 'Peugeot',
      model: '308',
      engine: 'Hybride',
      equipment: 'Allure',
      licensePlate: 'GN-512-PB',
      regDate: addDays(today, -20),
      effectiveDate: addDays(today, 7),
    },
    steps: [['in_progress', 2, 'Nous préparons l’avenant pour votre nouvelle Peugeot 308.']],
  },
  { type: 'contact.phone', hoursAgo: 3, payload: { phone: '06 33 21 54 76' } },
  {
    type: 'contact.mail',
    hoursAgo: 60,
    assigned: true,
    payload: { text: 'Bonjour, pouvez-vous m’envoyer une attestation pour ma Golf ?' },
    steps: [['awaiting_documents', 6, 'Merci de nous envoyer votre carte grise.']],
  },
  {
    type: 'contact.mail',
    hoursAgo: 10 * 24,
    assigned: true,
    payload: { text: 'Ma prime augmente-t-elle l’an prochain ?' },
    steps: [['done', 20, 'Votre prime reste la même l’an prochain.']],
  },
  {
    type: 'contact.phone',
    hoursAgo: 8 * 24,
    payload: { phone: '04 91 00 00 00' },
    steps: [['refused', 4, 'Ce numéro n’est pas le vôtre : rappelez-nous depuis votre ligne.']],
  },
];

/** Nicolas's requests, as the portal writes them, and their statuses set by the demo agent. */
export async function seedDemoWork(db: Db): Promise<void> {
  const nicolas = await db
    .selectFrom('accounts')
    .select(['id', 'customer_id'])
    .where('email', '=', NICOLAS)
    .executeTakeFirstOrThrow();
  const lea = await db
    .selectFrom('staff_accounts')
    .select('id')
    .where('email', '=', 'conseiller@courtage-horizon.test')
    .executeTakeFirst();
  const actor = lea ? `staff:${lea.id}` : null;
  for (const request of WORK_REQUESTS) {
    const created = hoursAgo(request.hoursAgo);
    let requestId: string;
    if (request.type.startsWith('contact.')) {
      const row = await db
        .insertInto('outbox')
        .values({
          type: request.type,
          account_id: nicolas.id,
          payload: JSON.stringify({ ...request.payload, customerId: nicolas.customer_id }),
          created_at: created,
          sent_at: created,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      requestId = `outbox:${row.id}`;
    } else {
      const id = randomUUID();
      await db
        .insertInto('change_requests')
        .values({
          id,
          type: request.type as 'add_driver',
          account_id: nicolas.id,
          policy_number: 'AU2025093317',
          payload: JSON.stringify(request.payload),
          created_at: created,
        })
        .execute();
      requestId = `change:${id}`;
    }
    for (const [status, after, message] of request.steps ?? [])
      await setRequestStatus(
        db,
        requestId,
        status,
        message ?? null,
        hoursAgo(request.hoursAgo - after),
        actor,
      );
    if (request.assigned && lea)
      await db
        .insertInto('request_assignments')
        .values({ request_id: requestId, staff_id: lea.id, assigned_by: lea.id })
        .execute();
  }
}

async function storePdf(storage: DocumentStorage, title: string, lines: string[]) {
  const bytes = await renderDemoPdf({ title, lines });
  const key = newStorageKey();
  const { size } = await storage.put(key, Readable.from([bytes]), { maxBytes: bytes.length });
  return { key, size };
}

/**
 * Nicolas's two documents sent for checking (their files stored, « En cours de vérification »)
 * and his claim, declared three days ago and still under review: late against its 24 hours.
 */
export async function seedDemoWorkFiles(db: Db, storage: DocumentStorage): Promise<void> {
  const policy = 'AU2025093317';
  for (const [fileType, fileName, title] of [
    ['carte_grise', 'carte-grise-golf.pdf', 'Certificat d’immatriculation — FZ-204-MP'],
    ['domicile', 'facture-electricite.pdf', 'Facture d’électricité — M. Nicolas Petit'],
  ] as const) {
    const { key, size } = await storePdf(storage, title, ['Pièce envoyée par le client.']);
    const doc = await db
      .selectFrom('policy_documents')
      .select('id')
      .where('policy_number', '=', policy)
      .where('file_type', '=', fileType)
      .executeTakeFirstOrThrow();
    await db
      .insertInto('received_files')
      .values({
        id: randomUUID(),
        policy_number: policy,
        file_type: fileType,
        original_name: fileName,
        content_type: 'application/pdf',
        storage_key: key,
        size,
        sha256: randomUUID().replaceAll('-', ''),
        policy_document_id: doc.id,
        received_at: hoursAgo(fileType === 'domicile' ? 20 : 50),
      })
      .execute();
    await db
      .updateTable('policy_documents')
      .set({ status: 'received', files_received: 1 })
      .where('id', '=', doc.id)
      .execute();
  }
  const nicolas = await db
    .selectFrom('accounts')
    .select('id')
    .where('email', '=', NICOLAS)
    .executeTakeFirstOrThrow();
  const declaredAt = hoursAgo(72);
  const receipt = await storePdf(storage, 'Déclaration de sinistre — accusé de réception', [
    'Bris de glace du pare-brise, déclaré en ligne.',
  ]);
  const receiptId = randomUUID();
  await db
    .insertInto('downloadable_documents')
    .values({
      id: receiptId,
      policy_number: policy,
      file_name: 'Déclaration de sinistre.pdf',
      content_type: 'application/pdf',
      storage_key: receipt.key,
      size: receipt.size,
      created_at: declaredAt,
    })
    .execute();
  const occurredOn = addDays(today, -4);
  const claimId = randomUUID();
  await db
    .insertInto('claim_declarations')
    .values({
      id: claimId,
      reference: `SIN-${occurredOn.replaceAll('-', '')}-DEMO42`,
      account_id: nicolas.id,
      policy_number: policy,
      kind: 'broken_glass',
      answers: JSON.stringify({}),
      summary: JSON.stringify({
        kindLabel: CLAIM_KIND_LABELS.broken_glass,
        occurredOn,
        place: 'Marseille',
      }),
      occurred_on: occurredOn,
      declared_at: declaredAt,
      deadline: JSON.stringify(null),
      late: false,
      receipt_document_id: receiptId,
    })
    .execute();
  await setRequestStatus(db, `claim:${claimId}`, 'under_review', null, hoursAgo(70));
}
