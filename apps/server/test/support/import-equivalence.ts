// Shared steps of the set-based import's equivalence test (services/import/equivalence.test.ts): the
// rows of every table an import writes, with what each way draws for itself (ids, timestamps,
// version numbers from a sequence) left out and the links they carry told by the broker's keys
// instead; and the lines that try each rule of a batch (docs/decisions/0076-bulk-import.md).
import { sql } from 'kysely';
import type { Db } from '../../src/db/client';
import { contractLine, customerLine } from './import';

const STRIP = `- 'id' - 'created_at' - 'updated_at' - 'account_id' - 'risk_id' - 'garage_address_id'`;
const customerOf = (alias: string) =>
  `jsonb_build_object('customer', (select customer_id from accounts a where a.id = ${alias}.account_id))`;

/** Each table's rows as sorted JSON texts (a difference shows as the rows that differ). */
const TABLES: Record<string, string> = {
  accounts: `select to_jsonb(t) ${STRIP} as row from accounts t`,
  account_addresses: `select to_jsonb(t) ${STRIP} || ${customerOf('t')} as row from account_addresses t`,
  garage_addresses: `select to_jsonb(t) ${STRIP} || ${customerOf('t')} as row from garage_addresses t`,
  policies: `select to_jsonb(t) ${STRIP} || jsonb_build_object('garage',
      (select to_jsonb(g) ${STRIP} from garage_addresses g where g.id = t.garage_address_id)) as row
    from policies t`,
  risks: `select to_jsonb(t) ${STRIP} as row from risks t`,
  guarantees: `select to_jsonb(t) ${STRIP} || jsonb_build_object('risk',
      (select r.policy_number || '#' || r.position from risks r where r.id = t.risk_id)) as row
    from guarantees t`,
  drivers: `select to_jsonb(t) ${STRIP} as row from drivers t`,
  payment_details: `select to_jsonb(t) ${STRIP} as row from payment_details t`,
  claims: `select to_jsonb(t) ${STRIP} as row from claims t`,
  policy_documents: `select to_jsonb(t) ${STRIP} as row from policy_documents t`,
  integration_records: `select to_jsonb(t) ${STRIP} as row from integration_records t`,
};

export async function tableRows(db: Db): Promise<Record<string, string[]>> {
  const tables: Record<string, string[]> = {};
  for (const [table, query] of Object.entries(TABLES)) {
    const { rows } = await sql<{ row: unknown }>`${sql.raw(query)}`.execute(db);
    tables[table] = rows.map((r) => JSON.stringify(r.row)).sort();
  }
  return tables;
}

/** The version of each account's policy data (migration 0018), by customer number. */
export async function dataVersions(db: Db): Promise<Map<string, string>> {
  const { rows } = await sql<{ customer_id: string; version: string }>`
    select a.customer_id, v.version::text as version from policy_data_versions v
    join accounts a on a.id = v.account_id`.execute(db);
  return new Map(rows.map((r) => [r.customer_id, r.version]));
}

const GARAGE = { street: '4 impasse des Lilas', zip: '69003', city: 'Lyon' };
const owed = (contractNumber: string, documentId: string, type: string) => ({
  kind: 'owedDocument',
  contractNumber,
  documentId,
  type,
  name: 'Permis de conduire',
  description: 'Recto et verso',
  status: 'pending',
});

/** Updates, refusals by a rule, shared garages, documents, on the generated file's records. */
export const MIXED_LINES = [
  { ...customerLine(1), phoneNumber: '07 00 00 00 01' },
  customerLine(2),
  { ...customerLine(800_001), email: customerLine(3).email },
  customerLine(800_002),
  { ...contractLine(800_002, 800_002), garageAddress: GARAGE, claims: [] },
  {
    ...contractLine(800_003, 800_002),
    garageAddress: GARAGE,
    paymentDetails: {
      paymentMethod: 'Prélèvement',
      ownerName: 'Client Numéro 800002',
      bic: 'AGRIFRPP882',
      iban: 'FR7630006000011234567890189',
    },
    claims: [{ occurredOn: '2024-02-03', nature: 'Bris de glace', responsibility: 0 }],
  },
  { ...contractLine(5, 2), premium: 999 },
  { ...contractLine(800_005, 800_002), coverages: [] },
  contractLine(800_004, 799_999),
  owed('IMPC-6', 'D-1', 'permis'),
  owed('IMPC-800004', 'D-2', 'permis'),
];

/** Lines whose outcome hangs on their order, a file each: their batch goes per line. */
export const ORDERED_FILES = {
  follows: [contractLine(800_010, 800_010), customerLine(800_010)],
  email: [
    { ...customerLine(4), email: 'nouvelle.4@import.example.fr' },
    { ...customerLine(800_011), email: customerLine(4).email },
  ],
  garage: [{ ...contractLine(1, 1), premium: 123 }, contractLine(800_012, 1)],
};
