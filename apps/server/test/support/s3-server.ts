// A real S3-protocol server for the tests (s3rver from npm, plain JavaScript, files in a
// temporary folder), started on loopback on a free port. It stands in for the object store an
// operator runs (an outside service, docs/architecture.md): the S3 adapter talks real HTTP to it.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export interface TestS3Server {
  endpoint: string;
  bucket: string;
  region: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
  close(): Promise<void>;
}

export async function startS3Server(bucket = 'documents'): Promise<TestS3Server> {
  const directory = await mkdtemp(path.join(tmpdir(), 'espace-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    region: 'us-east-1',
    // s3rver's fixed test credentials.
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
