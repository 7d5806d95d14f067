// Chooses the document store from the configuration (ARCHITECTURE.md decision 5). Only the
// filesystem store exists today; an S3-compatible store (see the contract in storage.ts) is one
// more branch here, chosen by a setting such as DOCUMENTS_S3_BUCKET.
import type { Config } from '../../config';
import { FsDocumentStorage } from './fs-storage';
import type { DocumentStorage } from './storage';

export function createDocumentStorage(config: Config): Promise<DocumentStorage> {
  // What a process that died mid-upload left is swept by app.ts once the database is ready
  // (sweep.ts).
  return Promise.resolve(new FsDocumentStorage(config.documentsDir));
}
