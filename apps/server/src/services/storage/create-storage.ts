// Chooses the document store from the configuration (ARCHITECTURE.md decision 5): an
// S3-compatible object store when S3_BUCKET is set (several instances share it, issue 13),
// otherwise the folder DOCUMENTS_DIR (one instance).
import type { Config } from '../../config';
import { FsDocumentStorage } from './fs-storage';
import { S3DocumentStorage } from './s3-storage';
import type { DocumentStorage } from './storage';

export async function createDocumentStorage(config: Config): Promise<DocumentStorage> {
  if (config.s3) return new S3DocumentStorage(config.s3);
  const storage = new FsDocumentStorage(config.documentsDir);
  // Temporary files of a process that died mid-upload (fs-storage.ts).
  await storage.removeStaleTemporaryFiles();
  return storage;
}
