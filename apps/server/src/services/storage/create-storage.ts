// Chooses the document store from the configuration (ARCHITECTURE.md decision 5). Only the
// filesystem store exists today; an S3-compatible store (see the contract in storage.ts) is one
// more branch here, chosen by a setting such as DOCUMENTS_S3_BUCKET.
import type { Config } from '../../config';
import { FsDocumentStorage } from './fs-storage';
import type { DocumentStorage } from './storage';

export async function createDocumentStorage(config: Config): Promise<DocumentStorage> {
  const storage = new FsDocumentStorage(config.documentsDir);
  // Temporary files of a process that died mid-upload (fs-storage.ts).
  await storage.removeStaleTemporaryFiles();
  return storage;
}
