// Chooses the document store from the configuration (ARCHITECTURE.md decision 5): an
// S3-compatible object store when S3_BUCKET is set (several instances share it, issue 13),
// otherwise the folder DOCUMENTS_DIR (one instance).
import type { Config } from '../../config';
import { FsDocumentStorage } from './fs-storage';
import { S3DocumentStorage } from './s3-storage';
import type { DocumentStorage } from './storage';

export function createDocumentStorage(config: Config): Promise<DocumentStorage> {
  if (config.s3) return Promise.resolve(new S3DocumentStorage(config.s3));
  // What a process that died mid-upload left in the folder is swept by app.ts once the database
  // is ready (sweep.ts).
  return Promise.resolve(new FsDocumentStorage(config.documentsDir));
}
