// Figure: the time to generate each document of a contract on request (Mémo
// Véhicule Assuré, insurance certificate, relevé d'informations; goal: under 50 ms each on this
// machine), from the contract's data to the PDF's last byte, on a demo policy with two drivers
// and a claim. The data is read once from a seeded in-memory PGlite; the median of 20 runs after
// 3 warm-up runs is printed, with the slowest, and the time of the database read.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GENERATED_DOCUMENT_KINDS, GENERATED_DOCUMENTS, todayInParis } from '@espace/contract';
import { migrate, openDatabase } from '../apps/server/src/db/client';
import { seedDemoData } from '../apps/server/src/seed/seed';
import { loadContractData } from '../apps/server/src/services/documents/pdf-layouts/contract-data';
import { renderContractDocument } from '../apps/server/src/services/documents/pdf-layouts/render';
import { FsDocumentStorage } from '../apps/server/src/platform/storage/fs-storage';
import { readLegalIdentity } from '../apps/server/src/config/legal-identity';

const POLICY = 'AU2023049920'; // Camille's Toyota: two drivers, a claim
const RUNS = 20;
const WARM_UP = 3;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

export async function reportDocumentGeneration(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'espace-bench-documents-'));
  const { db, close } = await openDatabase({});
  try {
    await migrate(db);
    await seedDemoData(db, new FsDocumentStorage(dir));
    const { account_id: accountId } = await db
      .selectFrom('policies')
      .select('account_id')
      .where('policy_number', '=', POLICY)
      .executeTakeFirstOrThrow();
    const reads: number[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      const started = performance.now();
      await loadContractData(db, accountId, POLICY, todayInParis());
      reads.push(performance.now() - started);
    }
    const data = (await loadContractData(db, accountId, POLICY, todayInParis()))!;
    console.info(`Generated documents (${POLICY}, median of ${RUNS}; goal: under 50 ms each)`);
    console.info(`  contract data read (PGlite): ${median(reads).toFixed(1)} ms`);
    const issuer = readLegalIdentity({}, true).identity;
    for (const kind of GENERATED_DOCUMENT_KINDS) {
      const times: number[] = [];
      let size = 0;
      for (let i = 0; i < WARM_UP + RUNS; i += 1) {
        const started = performance.now();
        const bytes = await renderContractDocument(kind, data, { issuer });
        if (i >= WARM_UP) times.push(performance.now() - started);
        size = bytes.length;
      }
      console.info(
        `  ${GENERATED_DOCUMENTS[kind].title}: ${median(times).toFixed(1)} ms (slowest ${Math.max(...times).toFixed(1)} ms, ${(size / 1024).toFixed(1)} KiB)`,
      );
    }
  } finally {
    await close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === import.meta.filename) await reportDocumentGeneration();
