// The receipt of a termination on a durable medium, by mail too when SMTP is configured (Code
// des assurances L113-15-3): the customer gets the PDF at the address of the request, and the
// outbox row for the broker is marked sent by the outbox relay, which reads the PDF back from
// storage (docs/decisions/0056-one-outbox-relay.md). A local SMTP server stands in for the mail
// server.
import { TERMINATION_OUTBOX_TYPE } from '@espace/contract';
import { describe, expect, vi } from 'vitest';
import { apiTest, SMTP } from '../../../support/api-test';
import { samplePdf } from '../../../support/documents';
import { bearer, subjectOf } from '../../../support/harness';
import { fileOf, OTHER, terminationBody } from '../../../support/termination';

describe('termination receipt with SMTP configured', () => {
  const it = apiTest.override({ smtp: SMTP });

  it('mails the PDF receipt to the address of the request', async ({
    t,
    mail,
    camille: { token },
  }) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/policy/accounts/${subjectOf(token)}/AU2022031457/terminate`,
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: JSON.stringify(
        terminationBody({
          email: 'camille.autre@example.fr',
          reason: OTHER,
          comment: 'Déménagement à l’étranger',
          files: [fileOf('justificatif.pdf', await samplePdf())],
        }),
      ),
    });
    expect(response.statusCode).toBe(201);
    const { reference } = response.json<{ reference: string }>();
    await vi.waitFor(() => expect(mail.received).toHaveLength(1), { timeout: 10_000 });
    const [message] = mail.received;
    expect(message!.to).toEqual(['camille.autre@example.fr']);
    expect(message!.data).toContain(reference);
    expect(message!.data).toMatch(/Content-Type: application\/pdf/);
    // The attachment is the PDF itself, base64-encoded in the mail.
    expect(message!.data).toContain(Buffer.from('%PDF-').toString('base64').slice(0, 6));
    const row = await vi.waitFor(
      async () => {
        const sent = await t.app.db
          .selectFrom('outbox')
          .select(['sent_at', 'payload'])
          .where('type', '=', TERMINATION_OUTBOX_TYPE)
          .executeTakeFirstOrThrow();
        expect(sent.sent_at).toBeInstanceOf(Date);
        return sent;
      },
      { timeout: 10_000 },
    );
    expect(row.payload).toMatchObject({ reference, policyNumber: 'AU2022031457', reason: 3 });
  });
});
