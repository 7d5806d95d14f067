// Chooses the document store from the configuration (ARCHITECTURE.md decision 5): an
// S3-compatible object store when S3_BUCKET is set (several instances share it, issue 13),
// otherwise the folder DOCUMENTS_DIR (one instance).
import type { Config } from '../../config';
import { FsDocumentStorage } from './fs-storage';
import type { DocumentStorage } from './storage';

export async function createDocumentStorage(config: Config): Promise<DocumentStorage> {
  if (config.s3) {
    // The S3 SDK is loaded only by the servers configured for it (start-up time, idle memory).
    const { S3DocumentStorage } = await import('./s3-storage');
    return new S3DocumentStorage(config.s3);
  }
  // What a process that died mid-upload left in the folder is swept by app.ts once the database
  // is ready (sweep.ts).
  return new FsDocumentStorage(config.documentsDir);
}
