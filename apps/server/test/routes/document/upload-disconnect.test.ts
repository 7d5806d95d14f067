// A customer whose connection drops mid-upload leaves nothing behind (docs/architecture.md decision
// 5): tested on a real socket, because only a real connection can be cut while the server is
// already streaming the file into storage.
import net from 'node:net';
import { readdir } from 'node:fs/promises';
import { IDEMPOTENCY_HEADER } from '@espace/contract';
import { describe, expect } from 'vitest';
import { apiTest as it } from '../../support/api-test';
import {
  BOUNDARY,
  partHead,
  receivedRowCount,
  samplePdf,
  storedFileCount,
  upfile,
} from '../../support/documents';
import { subjectOf } from '../../support/harness';

const POLICY = 'AU2026104512';

async function until(check: () => Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('an upload cut off mid-file on a real connection', () => {
  it('stores no file and no row, leaves no temporary file and keeps no idempotent answer', async ({
    t,
    port,
    camille: { token },
  }) => {
    const before = {
      files: await storedFileCount(t.config.documentsDir),
      rows: await receivedRowCount(t.app),
    };
    const pdf = await samplePdf();
    const content = Buffer.concat([pdf, Buffer.alloc(4_000_000 - pdf.length, 0x20)]);
    const head = Buffer.concat([
      partHead({ name: 'fileType', value: 'mandat_sepa' }),
      Buffer.from('mandat_sepa\r\n'),
      partHead(upfile('mandat.pdf', content)),
    ]);
    const total = head.length + content.length + `\r\n--${BOUNDARY}--\r\n`.length;
    // Sent with an idempotency key: the cut request keeps no answer, so the same submission sent
    // again is handled afresh.
    const key = crypto.randomUUID();
    const socket = net.connect({ port, host: '127.0.0.1' });
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    socket.on('error', () => undefined);
    socket.write(
      [
        `POST /api/v1/document/accounts/${subjectOf(token)}/policy/${POLICY}/uploadfile HTTP/1.1`,
        'Host: 127.0.0.1',
        `Authorization: Bearer ${token}`,
        `${IDEMPOTENCY_HEADER}: ${key}`,
        `Content-Type: multipart/form-data; boundary=${BOUNDARY}`,
        `Content-Length: ${total}`,
        '',
        '',
      ].join('\r\n'),
    );
    socket.write(head);
    socket.write(content.subarray(0, 1_500_000));
    // Cut only once the server is writing the file, so the test covers a half-stored file.
    await until(async () =>
      (await readdir(t.config.documentsDir)).some((name) => name.endsWith('.part')),
    );
    const claimed = () =>
      t.app.db.selectFrom('idempotency_keys').select('key').where('key', '=', key).execute();
    expect(await claimed()).toHaveLength(1);
    socket.destroy();

    await until(async () => (await storedFileCount(t.config.documentsDir)) === before.files);
    expect(await receivedRowCount(t.app)).toBe(before.rows);
    const status = await t.app.db
      .selectFrom('policy_documents')
      .select('status')
      .where('policy_number', '=', POLICY)
      .where('file_type', '=', 'mandat_sepa')
      .executeTakeFirstOrThrow();
    expect(status.status).toBe('not validated');
    await until(async () => (await claimed()).length === 0);
    // And the server still answers afterwards.
    const health = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(health.status).toBe(200);
  });
});
