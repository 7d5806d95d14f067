// The demo's relevés d'informations state every licence (Code des assurances A121-1,
// docs/product/documents.md « Generated documents »): each driver and subscriber of the demo
// customers carries a licence number in one of the two French formats
// (docs/decisions/0008-licence-number-as-string.md) that agrees with its issue date, issued at
// 17 or later, and every demo relevé shows them, never « Non renseigné ».
import {
  formatDate,
  GENERATED_DOCUMENTS,
  type DownloadedDocument,
  type Policy,
} from '@espace/contract';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect } from 'vitest';
import { apiTest } from '../support/api-test';
import { BACKENDS } from '../support/backends';
import { bearer, DEMO, signIn, subjectOf } from '../support/harness';

/** The day the card replaced the pink paper licence. */
const CARD_SINCE = '2013-09-16';

/** Why a licence is not what a French prefecture or the ANTS would have issued; null when it is. */
function licenceProblem(number: string, issued: string, birthDate: string): string | null {
  const [year, month] = [issued.slice(2, 4), issued.slice(5, 7)];
  if (issued < CARD_SINCE) {
    // 12 digits: year and month of issue, the département, a 6-digit order number.
    const paper = /^(\d{2})(\d{2})(\d{2})\d{6}$/.exec(number);
    if (!paper) return `${number}: not the 12 digits of a licence issued before ${CARD_SINCE}`;
    if (paper[1] !== year || paper[2] !== month) return `${number}: not issued ${issued}`;
  } else {
    // The card: year of issue, 2 letters, 5 digits.
    const card = /^(\d{2})[A-Z]{2}\d{5}$/.exec(number);
    if (!card) return `${number}: not the card's format for a licence issued ${issued}`;
    if (card[1] !== year) return `${number}: not issued in ${issued.slice(0, 4)}`;
  }
  const seventeen = `${Number(birthDate.slice(0, 4)) + 17}${birthDate.slice(4)}`;
  return issued < seventeen ? `${number}: issued before the 17th birthday` : null;
}

describe.each(BACKENDS)('the demo’s licences on %s', (backend) => {
  const it = apiTest.override({ backend });

  const iso = (date: Date | string | null) =>
    date === null
      ? null
      : typeof date === 'string'
        ? date.slice(0, 10)
        : date.toISOString().slice(0, 10);

  it('gives every demo driver and subscriber a French licence number that agrees with its date', async ({
    t,
  }) => {
    const db = t.database.handle.db;
    const drivers = await db
      .selectFrom('drivers')
      .select(['first_name', 'birth_date', 'licence_number', 'licence_date'])
      .execute();
    const subscribers = await db
      .selectFrom('accounts')
      .select(['first_name', 'birth_date', 'licence_number', 'licence_date'])
      .execute();
    expect(drivers.length).toBeGreaterThan(0);
    for (const person of [...drivers, ...subscribers]) {
      expect(person.licence_number, person.first_name).toBeTruthy();
      expect(person.licence_date, person.first_name).toBeTruthy();
      expect(
        licenceProblem(person.licence_number!, iso(person.licence_date)!, iso(person.birth_date)!),
        person.first_name,
      ).toBeNull();
    }
  });

  it('states them on every demo relevé, with nothing « Non renseigné »', async ({ t }) => {
    const statement = GENERATED_DOCUMENTS.statement;
    let relevés = 0;
    for (const email of [DEMO.camille, DEMO.jean, DEMO.lea]) {
      const token = (await signIn(t.app, t.config, email)).access_token;
      const get = (url: string) => t.app.inject({ url, headers: bearer(token) });
      const accountId = subjectOf(token);
      const policies = (await get(`/api/v1/policy/accounts/${accountId}`)).json<Policy[]>();
      for (const policy of policies) {
        const base = `/api/v1/document/accounts/${accountId}/policy/${policy.policyNumber}`;
        const listed = (await get(base)).json<DownloadedDocument[]>();
        expect(listed.map((d) => d.id)).toContain(statement.id);
        const pdf = await get(`${base}/document/${statement.id}`);
        expect(pdf.statusCode).toBe(200);
        const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf.rawPayload)), {
          mergePages: true,
        });
        const flat = text.replace(/[\u00a0\u202f]/g, ' ').replace(/\s+/g, ' ');
        expect(flat, policy.policyNumber).not.toContain('Non renseigné');
        const rows = await t.database.handle.db
          .selectFrom('drivers')
          .select(['first_name', 'last_name', 'licence_number', 'licence_date'])
          .where('policy_number', '=', policy.policyNumber)
          .execute();
        for (const row of rows)
          expect(flat, policy.policyNumber).toContain(
            `${row.first_name} ${row.last_name} ${formatDate(policy.drivers.find((d) => d.firstName === row.first_name)!.birthDate)} ${row.licence_number} ${formatDate(iso(row.licence_date)!)}`,
          );
        relevés += 1;
      }
    }
    // Camille's seven contracts, Jean's two, Léa's one.
    expect(relevés).toBe(10);
  });
});
