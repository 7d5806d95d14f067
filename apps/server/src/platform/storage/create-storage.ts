// Chooses the document store from the configuration (docs/decisions/0018-documents-streamed-and-sniffed.md): an
// S3-compatible object store when S3_BUCKET is set (several instances share it),
// otherwise the folder DOCUMENTS_DIR (one instance).
import type { Config } from '../../config/config';
import { FsDocumentStorage } from './fs-storage';
import type { DocumentStorage } from './storage';

export async function createDocumentStorage(config: Config): Promise<DocumentStorage> {
  if (config.s3) {
    // The S3 SDK is loaded only by the servers configured for it (start-up time, idle memory).
    const { S3DocumentStorage } = await import('./s3-storage');
    return new S3DocumentStorage(config.s3);
  }
  // What a process that died mid-upload left in the folder is swept by start-up.ts once the database
  // is ready (sweep.ts); on any store, an object stored but never recorded by its intent
  // (intents.ts).
  return new FsDocumentStorage(config.documentsDir);
}

/**
 * The crash tests' hook (test/process/storage-intents-crash.test.ts, TEST_HOLD_AFTER_PUT_MS),
 * armed by server.ts once listening: each stored key is announced on stderr and the put resolves
 * only `holdMs` later, so a kill lands between the object and its row.
 */
export function holdAfterEachPut(storage: DocumentStorage, holdMs: number): void {
  const put = storage.put.bind(storage);
  storage.put = async (key, body, options) => {
    const result = await put(key, body, options);
    process.stderr.write(`stored ${key}\n`);
    await new Promise((resolve) => setTimeout(resolve, holdMs));
    return result;
  };
}
