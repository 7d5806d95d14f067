// docs/decisions/0054-storage-intents.md: the sweep of storage intents, and the intents an
// upload leaves (none once its row is committed).
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { sql } from 'kysely';
import { describe, expect } from 'vitest';
import { apiTest } from '../../support/api-test';
import { sweepIntents } from '../../../src/platform/storage/intents';
import { MULTIPART_HEADERS, multipartBody, samplePdf, upfile } from '../../support/documents';
import { bearer, DEMO, signIn, subjectOf } from '../../support/harness';

const HOUR = 3_600_000;

describe('storage intents', () => {
  const it = apiTest
    .extend(
      'store',
      ({ t }) =>
        async (key: string) =>
          t.app.storage.put(key, Readable.from([Buffer.from('%PDF-1.4 x')]), { maxBytes: 1000 }),
    )
    .extend(
      'intent',
      ({ t }) =>
        (key: string, ageMs: number) =>
          t.app.db
            .insertInto('storage_intents')
            .values({ key, created_at: sql`now() - make_interval(secs => ${ageMs / 1000})` })
            .execute(),
    )
    .extend(
      'intents',
      ({ t }) =>
        async () =>
          (await t.app.db.selectFrom('storage_intents').select('key').execute()).map((r) => r.key),
    );

  it('removes old objects no row names, keeps recent ones and recorded ones', async ({
    t,
    intent,
    intents,
    store,
  }) => {
    const orphan = randomUUID();
    const recent = randomUUID();
    const vanished = randomUUID();
    await store(orphan);
    await store(recent);
    await intent(orphan, HOUR);
    await intent(recent, 60_000);
    await intent(vanished, HOUR);
    const recorded = (
      await t.app.db
        .selectFrom('downloadable_documents')
        .select('storage_key')
        .executeTakeFirstOrThrow()
    ).storage_key;
    await intent(recorded, HOUR);

    const swept = await sweepIntents(t.app.db, t.app.storage, 15 * 60_000);

    expect(swept).toEqual({ removed: 2, kept: 1 });
    expect(await t.app.storage.exists(orphan)).toBe(false);
    expect(await t.app.storage.exists(recent)).toBe(true);
    expect(await t.app.storage.exists(recorded)).toBe(true);
    expect(await intents()).toEqual([recent]);
    await t.app.db.deleteFrom('storage_intents').execute();
    await t.app.storage.delete(recent);
  });

  it('leaves no intent once an upload is recorded', async ({ t, intents }) => {
    const token = (await signIn(t.app, t.config, DEMO.camille)).access_token;
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/document/accounts/${subjectOf(token)}/policy/AU2026104512/uploadfile`,
      headers: { ...bearer(token), ...MULTIPART_HEADERS },
      payload: multipartBody([
        { name: 'fileType', value: 'autre' },
        upfile('a.pdf', await samplePdf()),
      ]),
    });
    expect(response.statusCode).toBe(201);
    expect(await intents()).toEqual([]);
  });
});
