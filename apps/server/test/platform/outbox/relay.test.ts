// Every mail the server sends is an outbox row delivered by one relay
// (docs/decisions/0056-one-outbox-relay.md). A local SMTP server from the `smtp-server` package
// stands in for the broker's mail server (it sits outside the product, docs/development.md): a
// contact request's mail arrives once; with the mail server down the row is retried and the mail
// arrives when it comes back; a row that keeps failing is given up; a relay that dies between
// sending and recording causes one repeat, no loss; two relays on one table deliver each row once.
import { OUTBOX_TYPES } from '@espace/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../../src/db/client';
import { mailChannel } from '../../../src/platform/mail/mail-channel';
import { createMailer } from '../../../src/platform/mail/mailer';
import { enqueue } from '../../../src/platform/outbox/outbox';
import { createOutboxRelay } from '../../../src/platform/outbox/relay';
import { BACKENDS } from '../../support/backends';
import {
  bearer,
  createTestApp,
  DEMO,
  signIn,
  subjectOf,
  type TestApp,
} from '../../support/harness';
import { freePort } from '../../support/free-port';
import { decodeQuotedPrintable, startMailServer } from '../../support/mail-server-stand-in';

const OUTBOX = { maxAttempts: 4, retryBaseMs: 200, intervalMs: 100, leaseMs: 5_000 };
const silent = { warn: () => undefined, error: () => undefined };

describe.each(BACKENDS)('the outbox relay on %s', (backend) => {
  let mail: Awaited<ReturnType<typeof startMailServer>>;
  let t: TestApp;
  let token: string;
  let smtp: { url: string; from: string; to: string };

  beforeAll(async () => {
    // Below the kernel's ephemeral range: the tests stop this server and start it again on the
    // same port, which a port handed out by the kernel could meanwhile be given to another socket.
    mail = await startMailServer(await freePort());
    smtp = {
      url: `smtp://127.0.0.1:${mail.port}`,
      from: 'portail@espace-assure.test',
      to: 'service-client@courtage-horizon.test',
    };
    t = await createTestApp(backend, { smtp, outbox: OUTBOX });
    token = (await signIn(t.app, t.config, DEMO.camille)).access_token;
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => mail.server.close(() => resolve()));
  });

  const callBack = (phone: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/account/accounts/${subjectOf(token)}/mail/phone-contact`,
      headers: bearer(token),
      payload: { phone },
    });
  const mailsWith = (text: string) =>
    mail.received.filter((m) => decodeQuotedPrintable(m.data).includes(text));
  const rowOf = (phone: string) =>
    t.app.db
      .selectFrom('outbox')
      .selectAll()
      .where('type', '=', OUTBOX_TYPES.phoneContact)
      .where(({ ref }) => ref('payload', '->>').key('phone'), '=', phone)
      .executeTakeFirstOrThrow();

  it('mails a call-back request to customer service once, and marks the row sent', async () => {
    expect((await callBack('06 12 34 56 78')).statusCode).toBe(200);
    await vi.waitFor(() => expect(mailsWith('Numéro : 06 12 34 56 78')).toHaveLength(1));
    const [message] = mailsWith('Numéro : 06 12 34 56 78');
    expect(message!.from).toBe('portail@espace-assure.test');
    expect(message!.to).toEqual(['service-client@courtage-horizon.test']);
    expect(message!.data).toMatch(new RegExp(`^Reply-To: ${DEMO.camille}`, 'm'));
    await vi.waitFor(async () => expect((await rowOf('06 12 34 56 78')).sent_at).not.toBeNull());
    // Several passes later, still one mail; the message is not kept once sent.
    await new Promise((resolve) => setTimeout(resolve, 4 * OUTBOX.intervalMs));
    expect(mailsWith('Numéro : 06 12 34 56 78')).toHaveLength(1);
    expect(await rowOf('06 12 34 56 78')).toMatchObject({ attempts: 1, message: null });
  });

  it('mails a written message with its text', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/account/accounts/${subjectOf(token)}/mail/mail-contact`,
      headers: bearer(token),
      payload: { text: 'Pouvez-vous me rappeler au sujet du sinistre ?' },
    });
    expect(response.statusCode).toBe(200);
    await vi.waitFor(() =>
      expect(mailsWith('Pouvez-vous me rappeler au sujet du sinistre ?')).toHaveLength(1),
    );
  });

  it('retries while the mail server is down and delivers when it comes back', async () => {
    await new Promise<void>((resolve) => mail.server.close(() => resolve()));
    expect((await callBack('01 99 00 12 34')).statusCode).toBe(200);
    await vi.waitFor(async () => {
      const row = await rowOf('01 99 00 12 34');
      expect(row).toMatchObject({ sent_at: null, failed_at: null });
      expect(row.last_error).toEqual(expect.any(String));
    });
    mail = await startMailServer(mail.port);
    await vi.waitFor(() => expect(mailsWith('Numéro : 01 99 00 12 34')).toHaveLength(1), {
      timeout: 5_000,
    });
    await vi.waitFor(async () => expect((await rowOf('01 99 00 12 34')).sent_at).not.toBeNull());
    expect((await rowOf('01 99 00 12 34')).attempts).toBeGreaterThan(1);
  });

  it(`gives a row up after ${OUTBOX.maxAttempts} attempts, and an expired one at once`, async () => {
    await new Promise<void>((resolve) => mail.server.close(() => resolve()));
    expect((await callBack('01 23 45 67 89')).statusCode).toBe(200);
    const expired = await enqueue(t.app.db, {
      type: 'mail.test',
      accountId: null,
      payload: {},
      mail: { subject: 'Trop tard', text: 'x', notAfter: new Date(Date.now() - 1).toISOString() },
    });
    t.app.outbox.wake();
    await vi.waitFor(async () => expect((await rowOf('01 23 45 67 89')).failed_at).not.toBeNull(), {
      timeout: 5_000,
    });
    expect(await rowOf('01 23 45 67 89')).toMatchObject({
      attempts: OUTBOX.maxAttempts,
      sent_at: null,
    });
    const gone = await t.app.db
      .selectFrom('outbox')
      .selectAll()
      .where('id', '=', expired)
      .executeTakeFirstOrThrow();
    expect(gone).toMatchObject({ attempts: 1, sent_at: null, last_error: expect.any(String) });
    expect(gone.failed_at).not.toBeNull();
    mail = await startMailServer(mail.port);
    await new Promise((resolve) => setTimeout(resolve, 4 * OUTBOX.intervalMs));
    expect(mailsWith('Numéro : 01 23 45 67 89')).toHaveLength(0);
  });

  it('sends a row again, once, when a relay dies between sending and recording', async () => {
    const mailer = createMailer(smtp);
    const send = mailChannel(mailer, t.app.storage);
    const lease = { ...OUTBOX, leaseMs: 1_000 };
    // A channel of these two relays only, so the app's own relay leaves the row to them: set in
    // the row's own transaction, or the app's relay could take it first (it did on a busy CI).
    const id = await t.app.db.transaction().execute(async (trx) => {
      const row = await enqueue(trx, {
        type: 'mail.test',
        accountId: null,
        payload: {},
        mail: { subject: 'Relais interrompu', text: 'x' },
      });
      await sql`update outbox set channel = 'mail-crash' where id = ${row}`.execute(trx);
      return row;
    });
    // This relay sends, then never records: the process died right after the mail left.
    const dying = createOutboxRelay(
      t.app.db,
      { 'mail-crash': (row) => send(row).then(() => new Promise<void>(() => undefined)) },
      lease,
      silent,
    );
    void dying.runOnce();
    try {
      await vi.waitFor(() => expect(mailsWith('Subject: Relais interrompu')).toHaveLength(1), {
        timeout: 10_000,
      });
      // Another relay takes the row once the claim has expired, and records it.
      const survivor = createOutboxRelay(t.app.db, { 'mail-crash': send }, lease, silent);
      await vi.waitFor(
        async () => {
          await survivor.runOnce();
          const row = await t.app.db
            .selectFrom('outbox')
            .select(['sent_at', 'attempts'])
            .where('id', '=', id)
            .executeTakeFirstOrThrow();
          expect(row).toMatchObject({ attempts: 2 });
          expect(row.sent_at).not.toBeNull();
        },
        { timeout: 10_000, interval: 200 },
      );
      expect(mailsWith('Subject: Relais interrompu')).toHaveLength(2);
    } finally {
      mailer.close();
    }
  });

  it('delivers each row once when two relays run at the same time', async () => {
    // A second instance: on PostgreSQL its own connection pool, on PGlite the same database.
    const second: DatabaseHandle = t.database.url
      ? await openDatabase({ databaseUrl: t.database.url })
      : t.database.handle;
    const mailer = createMailer(smtp);
    const subjects = Array.from({ length: 30 }, (_, i) => `Relais ${i}`);
    for (const subject of subjects)
      await enqueue(t.app.db, {
        type: 'mail.test',
        accountId: null,
        payload: {},
        mail: { subject, text: subject },
      });
    const relays = [t.app.db, second.db].map((db) =>
      createOutboxRelay(db, { mail: mailChannel(mailer, t.app.storage) }, OUTBOX, silent),
    );
    try {
      // The app's own relay runs too: three relays on one table.
      t.app.outbox.wake();
      await Promise.all(relays.map((relay) => relay.runOnce()));
      await vi.waitFor(async () => {
        const left = await t.app.db
          .selectFrom('outbox')
          .select('id')
          .where('type', '=', 'mail.test')
          .where('sent_at', 'is', null)
          .where('failed_at', 'is', null)
          .execute();
        expect(left).toEqual([]);
        // A relay sends the rows it claimed one after the other.
      }, 15_000);
      for (const subject of subjects)
        expect(mail.received.filter((m) => m.data.includes(`Subject: ${subject}\r`))).toHaveLength(
          1,
        );
    } finally {
      mailer.close();
      if (second !== t.database.handle) await second.close();
    }
  });
});
