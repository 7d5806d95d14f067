// docs/decisions/0054-storage-intents.md: a process killed between storing an upload and
// committing its row leaves no object that no row names. A real server process (server.ts)
// pauses after the put (TEST_HOLD_AFTER_PUT_MS) and is killed with SIGKILL there; the next start
// sweeps the object by its intent. On the folder and on an S3 server (s3rver), where nothing
// else would ever remove it.
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client';
import { referencedStorageKeys } from '../../src/platform/storage/sweep';
import { MULTIPART_HEADERS, multipartBody, samplePdf, upfile } from '../support/documents';
import { DEMO, signIn, subjectOf } from '../support/harness';
import { overHttp, startPortal, stopped, type Portal } from '../support/portal-process';
import { emptyFolder, SEEDED_ENV, seededFolderCopy } from '../support/seeded-folder';
import { startS3Server, type TestS3Server } from '../support/s3-server';
import { testConfig } from '../support/test-config';

const POLICY = 'AU2026104512';

/** The announced key of the first stored object (create-storage.ts test hook). */
function firstStoredKey(portal: Portal) {
  return new Promise<string>((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`No object stored:\n${seen}`)), 20_000);
    portal.child.stderr!.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      const match = /stored ([0-9a-f-]{36})/.exec(seen);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
  });
}

describe.each(['folder', 's3'] as const)('a server killed between put and commit (%s)', (store) => {
  const cleanup: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step();
  });

  it('leaves no object without row and no row without object after a restart', async () => {
    // The demo documents of a seeded copy are files of its own folder: an object store starts
    // empty, and its server seeds them there.
    const folder =
      store === 's3' ? await emptyFolder('h7b-intents-') : await seededFolderCopy('h7b-intents-');
    cleanup.push(() => rm(folder.dataDir, { recursive: true, force: true }));
    const documentsDir = path.join(folder.dataDir, 'documents');
    // The first start on an empty folder seeds under the copies' environment too.
    const env: Record<string, string> = {
      ...SEEDED_ENV,
      ...folder.env,
      PUBLIC_URL: 'http://localhost:3000',
    };
    let s3: TestS3Server | undefined;
    if (store === 's3') {
      s3 = await startS3Server();
      cleanup.push(() => s3!.close());
      Object.assign(env, {
        S3_ENDPOINT: s3.endpoint,
        S3_BUCKET: s3.bucket,
        S3_REGION: s3.region,
        S3_ACCESS_KEY_ID: s3.credentials.accessKeyId,
        S3_SECRET_ACCESS_KEY: s3.credentials.secretAccessKey,
        S3_FORCE_PATH_STYLE: 'true',
      });
    }
    const storedKeys = async (): Promise<string[]> => {
      if (!s3) return (await readdir(documentsDir)).sort();
      const client = new S3Client({
        endpoint: s3.endpoint,
        region: s3.region,
        credentials: s3.credentials,
        forcePathStyle: true,
      });
      const listed = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket }));
      client.destroy();
      return (listed.Contents ?? []).map((o) => o.Key!).sort();
    };

    const portal = await startPortal({ ...env, TEST_HOLD_AFTER_PUT_MS: '60000' });
    cleanup.push(() => stopped(portal.child, 'SIGKILL'));
    const config = testConfig({ publicUrl: 'http://localhost:3000' });
    const token = (await signIn(overHttp(portal.url), config, DEMO.camille)).access_token;
    const accountId = subjectOf(token);
    const stored = firstStoredKey(portal);
    const upload = fetch(
      `${portal.url}/api/v1/document/accounts/${accountId}/policy/${POLICY}/uploadfile`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, ...MULTIPART_HEADERS },
        body: multipartBody([
          { name: 'fileType', value: 'autre' },
          upfile('tue.pdf', await samplePdf()),
        ]),
      },
    ).catch(() => 'cut');
    const key = await stored;
    expect(await storedKeys()).toContain(key);
    await stopped(portal.child, 'SIGKILL');
    expect(await upload).toBe('cut');

    // The next start sweeps at once (no grace), then stops so the test can read its database.
    const restarted = await startPortal({ ...env, STORAGE_INTENT_GRACE_MS: '0' });
    cleanup.push(() => stopped(restarted.child, 'SIGKILL'));
    await stopped(restarted.child, 'SIGTERM');

    const handle = await openDatabase({ pgliteDir: path.join(folder.dataDir, 'pglite') });
    try {
      const referenced = [...(await referencedStorageKeys(handle.db))].sort();
      expect(referenced).not.toContain(key);
      expect(await storedKeys()).toEqual(referenced);
      expect(await handle.db.selectFrom('storage_intents').selectAll().execute()).toEqual([]);
    } finally {
      await handle.close();
    }
  }, 120_000);
});
