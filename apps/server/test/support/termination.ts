// Shared by the termination API tests: a request body as the screen sends it (docs/product/termination.md, files in
// base64) and counts of what the server kept, to prove that a refusal leaves nothing behind.
import {
  TERMINATION_REASONS,
  UPLOAD_TYPES,
  uploadTypeByExtension,
  todayInParis,
  type TerminationFile,
  type TerminationRequest,
} from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import { storedFileCount } from './documents';

export const [ANNIVERSARY, SALE, OTHER] = TERMINATION_REASONS.map((r) => r.label) as [
  string,
  string,
  string,
];

export function fileOf(fileName: string, bytes: Buffer, fileType?: string): TerminationFile {
  const type = uploadTypeByExtension(fileName);
  const declared = fileType ?? (type ? UPLOAD_TYPES[type].mime : 'application/octet-stream');
  return { fileName, fileType: declared, fileContent: bytes.toString('base64') };
}

export function terminationBody(overrides: Partial<TerminationRequest> = {}): TerminationRequest {
  const files = overrides.files ?? [];
  return {
    firstName: 'Camille',
    lastName: 'Martin',
    email: 'camille.martin@example.fr',
    phone: '06 12 34 56 78',
    reason: ANNIVERSARY,
    comment: '',
    licensePlate: 'GH-482-KL',
    hasFile: files.length > 0,
    files,
    // Reason 2 asks the day of the sale (decision 0043): today unless the test says otherwise.
    ...(overrides.reason === SALE ? { saleDate: todayInParis() } : {}),
    ...overrides,
  };
}

async function count(
  app: FastifyInstance,
  table: 'termination_requests' | 'termination_files' | 'downloadable_documents' | 'outbox',
) {
  const row = await app.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Stored objects and the rows a termination writes. */
export async function kept(app: FastifyInstance, documentsDir: string) {
  return {
    files: await storedFileCount(documentsDir),
    requests: await count(app, 'termination_requests'),
    requestFiles: await count(app, 'termination_files'),
    documents: await count(app, 'downloadable_documents'),
    outbox: await count(app, 'outbox'),
  };
}
