// The stored documents to download of every demo policy (docs/product/documents.md 'Téléchargement'): the general
// conditions, a real small PDF rendered at seed time and stored through the document storage,
// like any other document. The certificate, the Mémo Véhicule Assuré and the relevé
// d'informations are not stored: they are generated from the contract on request
// (services/documents/pdf-layouts/).
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { sql } from 'kysely';
import { renderDemoPdf } from '../platform/pdf/demo-pdf';
import { newStorageKey, type DocumentStorage } from '../platform/storage/storage';
import type { Db } from '../db/client';

const GENERAL_CONDITIONS = {
  title: 'Conditions générales — Assurance automobile',
  lines: [
    'Article 1 — Objet du contrat',
    'Le présent contrat garantit le véhicule désigné aux conditions particulières.',
    '',
    'Article 2 — Garanties',
    'Les garanties souscrites et leurs franchises figurent dans votre Espace Assuré.',
    '',
    'Article 3 — Déclaration des sinistres',
    'Tout sinistre doit être déclaré dans les 5 jours ouvrés suivant sa connaissance.',
  ],
};

async function store(storage: DocumentStorage, bytes: Uint8Array) {
  const key = newStorageKey();
  const { size } = await storage.put(key, Readable.from([Buffer.from(bytes)]), {
    maxBytes: bytes.length,
  });
  return { key, size };
}

/** Stores the general conditions of every policy already seeded and lists them; returns how many. */
export async function seedDemoDocuments(db: Db, storage: DocumentStorage): Promise<number> {
  const policies = await db
    .selectFrom('policies as p')
    .select(['p.policy_number', sql<string>`to_char(p.start_date, 'YYYY-MM-DD')`.as('start_date')])
    .execute();
  const conditions = await renderDemoPdf(GENERAL_CONDITIONS);
  let count = 0;
  for (const p of policies) {
    // Mid-morning UTC: the same calendar day wherever in Europe the customer reads it.
    const start = new Date(`${p.start_date}T09:00:00Z`);
    const files = [{ fileName: 'Conditions générales.pdf', bytes: conditions, created: start }];
    for (const file of files) {
      const { key, size } = await store(storage, file.bytes);
      await db
        .insertInto('downloadable_documents')
        .values({
          id: randomUUID(),
          policy_number: p.policy_number,
          file_name: file.fileName,
          content_type: 'application/pdf',
          storage_key: key,
          size,
          created_at: file.created,
        })
        .execute();
      count += 1;
    }
  }
  return count;
}
