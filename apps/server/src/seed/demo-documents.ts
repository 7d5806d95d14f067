// The documents to download of every demo policy (SPEC §2 'Téléchargement'): an insurance
// certificate per policy and the general conditions, real small PDFs rendered at seed time and
// stored through the document storage, like any other document.
import { randomUUID } from 'node:crypto';
import { formatDate, formatMoney } from '@espace/contract';
import { Readable } from 'node:stream';
import { sql } from 'kysely';
import { renderDemoPdf } from '../services/pdf/demo-pdf';
import { newStorageKey, type DocumentStorage } from '../services/storage/storage';
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

/** Stores the two PDFs of every policy already seeded and lists them; returns how many. */
export async function seedDemoDocuments(db: Db, storage: DocumentStorage): Promise<number> {
  const policies = await db
    .selectFrom('policies as p')
    .innerJoin('risks as r', (join) =>
      join.onRef('r.policy_number', '=', 'p.policy_number').on('r.position', '=', 0),
    )
    .innerJoin('accounts as a', 'a.id', 'p.account_id')
    .select([
      'p.policy_number',
      'p.premium_a',
      sql<string>`to_char(p.start_date, 'YYYY-MM-DD')`.as('start_date'),
      'r.manufacturer',
      'r.model',
      'r.license_plate',
      'a.first_name',
      'a.last_name',
    ])
    .execute();
  const conditions = await renderDemoPdf(GENERAL_CONDITIONS);
  let count = 0;
  for (const p of policies) {
    const startIso = p.start_date;
    // Mid-morning UTC: the same calendar day wherever in Europe the customer reads it.
    const start = new Date(`${startIso}T09:00:00Z`);
    const certificate = await renderDemoPdf({
      title: 'Attestation d’assurance',
      lines: [
        `Assuré : ${p.first_name} ${p.last_name}`,
        `Contrat n° ${p.policy_number}`,
        `Véhicule : ${p.manufacturer} ${p.model} (${p.license_plate})`,
        `Date d’effet : ${formatDate(startIso)}`,
        `Prime annuelle : ${formatMoney(Number(p.premium_a))}`,
      ],
    });
    const files = [
      {
        fileName: `Attestation d’assurance ${p.policy_number}.pdf`,
        bytes: certificate,
        created: start,
      },
      { fileName: 'Conditions générales.pdf', bytes: conditions, created: start },
    ];
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
