// Contact requests with SMTP configured. A local SMTP server from the `smtp-server` package
// stands in for the broker's mail server (it sits outside the product, docs/development.md):
// it receives the mail that customer service would get.
import { OUTBOX_TYPES } from '@espace/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, signIn, subjectOf, type TestApp } from './harness';
import { decodeQuotedPrintable, startMailServer } from './mail-server-stand-in';

describe('contact requests with SMTP configured', () => {
  let mail: Awaited<ReturnType<typeof startMailServer>>;
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    mail = await startMailServer();
    t = await createTestApp('pglite', {
      smtp: {
        url: `smtp://127.0.0.1:${mail.port}`,
        from: 'portail@espace-assure.test',
        to: 'service-client@courtage-horizon.test',
      },
    });
    token = (await signIn(t.app, t.config, DEMO.camille)).access_token;
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => mail.server.close(() => resolve()));
  });

  const post = (kind: string, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/account/accounts/${subjectOf(token)}/mail/${kind}`,
      headers: bearer(token),
      payload,
    });

  it('mails a call-back request to customer service and marks the outbox row sent', async () => {
    expect((await post('phone-contact', { phone: '06 12 34 56 78' })).statusCode).toBe(200);
    expect(mail.received).toHaveLength(1);
    const [message] = mail.received;
    expect(message!.from).toBe('portail@espace-assure.test');
    expect(message!.to).toEqual(['service-client@courtage-horizon.test']);
    expect(decodeQuotedPrintable(message!.data)).toContain('Numéro : 06 12 34 56 78');
    const row = await t.database.handle.db
      .selectFrom('outbox')
      .selectAll()
      .where('type', '=', OUTBOX_TYPES.phoneContact)
      .executeTakeFirstOrThrow();
    expect(row.sent_at).toBeInstanceOf(Date);
  });

  it('mails a message with the customer as reply-to', async () => {
    const before = mail.received.length;
    expect(
      (await post('mail-contact', { text: 'Pouvez-vous me rappeler au sujet du sinistre ?' }))
        .statusCode,
    ).toBe(200);
    const message = mail.received[before]!;
    expect(message.data).toMatch(new RegExp(`^Reply-To: ${DEMO.camille}`, 'm'));
    expect(decodeQuotedPrintable(message.data)).toContain(
      'Pouvez-vous me rappeler au sujet du sinistre ?',
    );
  });

  it('keeps the request in the outbox when the mail server is down', async () => {
    await new Promise<void>((resolve) => mail.server.close(() => resolve()));
    expect((await post('phone-contact', { phone: '01 99 00 12 34' })).statusCode).toBe(200);
    const row = await t.database.handle.db
      .selectFrom('outbox')
      .selectAll()
      .where('type', '=', OUTBOX_TYPES.phoneContact)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ payload: { phone: '01 99 00 12 34' }, sent_at: null });
    mail = await startMailServer(); // afterAll closes a running server
  });
});
