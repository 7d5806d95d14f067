// What each line of an import file may be (docs/integration.md « Import »): its `kind`, the
// broker's identifiers that key it (the envelope, taken out before the record is checked), the
// record schema of the integration API, the upsert of the integration services (one
// transaction per record: services/integration/records.ts), and the records it must follow
// when the file lists both (a contract after its customer, a document after its contract).
import {
  contractRecordSchema,
  customerRecordSchema,
  owedDocumentRecordSchema,
  type WriteResult,
} from '@espace/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { upsertContract } from '../integration/contracts';
import { upsertCustomer } from '../integration/customers';
import { upsertOwedDocument } from '../integration/owed-documents';

export interface ImportKind {
  /** The identifiers of the envelope, in the order of the integration API's path. */
  keys: readonly string[];
  schema: z.ZodType;
  upsert(db: Db, keys: Record<string, string>, record: never): Promise<WriteResult>;
  /** Its own key, then the keys of the records it follows (written first when in flight). */
  chain(keys: Record<string, string>, record: Record<string, unknown>): string[];
}

export const IMPORT_KINDS: Record<string, ImportKind> = {
  customer: {
    keys: ['customerNumber'],
    schema: customerRecordSchema,
    upsert: (db, k, record) => upsertCustomer(db, k.customerNumber!, record),
    chain: (k) => [`customer:${k.customerNumber}`],
  },
  contract: {
    keys: ['contractNumber'],
    schema: contractRecordSchema,
    upsert: (db, k, record) => upsertContract(db, k.contractNumber!, record),
    chain: (k, record) => [
      `contract:${k.contractNumber}`,
      `customer:${String(record.customerNumber)}`,
    ],
  },
  owedDocument: {
    keys: ['contractNumber', 'documentId'],
    schema: owedDocumentRecordSchema,
    upsert: (db, k, record) => upsertOwedDocument(db, k.contractNumber!, k.documentId!, record),
    chain: (k) => [`owed:${k.contractNumber}/${k.documentId}`, `contract:${k.contractNumber}`],
  },
};

export const IMPORT_MESSAGES = {
  kind: `Le type de ligne (kind) doit être l’un de ${Object.keys(IMPORT_KINDS)
    .map((k) => `«\u00a0${k}\u00a0»`)
    .join(', ')}.`,
};
