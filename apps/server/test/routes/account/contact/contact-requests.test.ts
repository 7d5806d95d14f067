// POST …/mail/phone-contact and …/mail/mail-contact (docs/product/contact-and-faq.md contact calls): 200 { reference }, an outbox row
// for customer service, French refusals, scoping; mailed when SMTP is configured.
import { CONTACT_MESSAGES, CONTACT_TEXT_MAX, type ErrorBody, OUTBOX_TYPES } from '@espace/contract';
import { describe, expect } from 'vitest';
import { apiTest } from '../../../support/api-test';
import { BACKENDS } from '../../../support/backends';
import { bearer, DEMO, signIn, subjectOf, type TestApp } from '../../../support/harness';

const outboxRows = (t: TestApp, accountId: string) =>
  t.database.handle.db
    .selectFrom('outbox')
    .selectAll()
    .where('account_id', '=', accountId)
    .orderBy('id')
    .execute();

describe.each(BACKENDS)('contact requests on %s', (backend) => {
  const it = apiTest
    .extend(
      'post',
      ({ t, camille: { accountId, token } }) =>
        (kind: 'phone-contact' | 'mail-contact', payload: unknown, id = accountId) =>
          t.app.inject({
            method: 'POST',
            url: `/api/v1/account/accounts/${id}/mail/${kind}`,
            headers: bearer(token),
            payload: payload as object,
          }),
    )
    .override({ backend });

  it('requires authentication', async ({ t, camille: { accountId } }) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/account/accounts/${accountId}/mail/phone-contact`,
      payload: { phone: '06 12 34 56 78' },
    });
    expect(response.statusCode).toBe(401);
  });

  it('refuses a request on another customer’s account and writes nothing', async ({
    t,
    jean: { accountId: otherAccountId },
    post,
  }) => {
    const before = await outboxRows(t, otherAccountId); // Jean's seeded past requests
    expect(
      (await post('phone-contact', { phone: '06 12 34 56 78' }, otherAccountId)).statusCode,
    ).toBe(403);
    expect((await post('mail-contact', { text: 'Bonjour' }, otherAccountId)).statusCode).toBe(403);
    expect(await outboxRows(t, otherAccountId)).toEqual(before);
  });

  it('records a call-back request in the outbox for customer service', async ({
    t,
    camille: { accountId },
    post,
  }) => {
    const response = await post('phone-contact', { phone: ' +33 6 12 34 56 78 ' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ reference: expect.stringMatching(/^DEM-[0-9A-F]{8}$/) });
    const rows = await outboxRows(t, accountId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      type: OUTBOX_TYPES.phoneContact,
      account_id: accountId,
      payload: { phone: '+33 6 12 34 56 78' },
      sent_at: null,
    });
    expect(rows[0]!.created_at).toBeInstanceOf(Date);
  });

  it.for([[''], ['   '], ['12345'], ['appelez-moi vite'], ['0'.repeat(21)], [42]])(
    'refuses the phone %j with a French message',
    async ([phone], { t, camille: { accountId }, post }) => {
      const before = (await outboxRows(t, accountId)).length;
      const response = await post('phone-contact', { phone });
      expect(response.statusCode).toBe(400);
      const body = response.json<ErrorBody>();
      if (typeof phone === 'string')
        expect(body.error.fields?.phone).toBe(CONTACT_MESSAGES.phoneInvalid);
      expect((await outboxRows(t, accountId)).length).toBe(before);
    },
  );

  it('records an email message with the signed-in customer’s address, never the one sent', async ({
    t,
    camille: { accountId },
    post,
  }) => {
    const response = await post('mail-contact', {
      text: '  Bonjour, pouvez-vous m’envoyer mon attestation ?  ',
      email: 'quelquun.dautre@example.com',
    });
    expect(response.statusCode).toBe(200);
    const row = (await outboxRows(t, accountId)).find((r) => r.type === OUTBOX_TYPES.mailContact);
    expect(row?.payload).toMatchObject({
      text: 'Bonjour, pouvez-vous m’envoyer mon attestation ?',
      email: DEMO.camille,
    });
  });

  it('refuses an empty or over-long message with a French message', async ({ post }) => {
    const empty = await post('mail-contact', { text: ' \n ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json<ErrorBody>().error.fields?.text).toBe(CONTACT_MESSAGES.textEmpty);
    const long = await post('mail-contact', { text: 'a'.repeat(CONTACT_TEXT_MAX + 1) });
    expect(long.statusCode).toBe(400);
    expect(long.json<ErrorBody>().error.fields?.text).toBe(CONTACT_MESSAGES.textTooLong);
  });
});

describe('contact requests are rate limited per account', () => {
  const it = apiTest;

  it('answers 429 after ten call-back requests within ten minutes', async ({ t }) => {
    const token = (await signIn(t.app, t.config, DEMO.lea)).access_token;
    // Ten different numbers: the same one again would be a duplicate (decision 0045).
    const send = (i = 0) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/account/accounts/${subjectOf(token)}/mail/phone-contact`,
        headers: bearer(token),
        payload: { phone: `06 12 34 56 ${10 + i}` },
      });
    for (let i = 0; i < 10; i++) expect((await send(i)).statusCode).toBe(200);
    const refused = await send(20);
    expect(refused.statusCode).toBe(429);
    expect(refused.json<ErrorBody>().error.code).toBe('rate_limited');
  });
});
