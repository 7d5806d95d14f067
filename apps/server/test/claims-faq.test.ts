// The FAQ finds how to declare a claim (docs/product/claims.md) whatever word the customer uses,
// and those answers lead to the screen « Déclarer un sinistre ».
import type { FaqResponse } from '@espace/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from './backends';
import { bearer, createTestApp, DEMO, signIn, type TestApp } from './harness';

describe.each(BACKENDS)('FAQ searches about claims on %s', (backend) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(backend);
    token = (await signIn(t.app, t.config, DEMO.lea)).access_token;
  });
  afterAll(() => t.close());

  const search = async (q: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/content/faq?${new URLSearchParams({ q })}`,
        headers: bearer(token),
      })
    ).json<FaqResponse>();

  it.each([
    ['déclarer un accident', 'Comment déclarer un sinistre et dans quel délai'],
    ['sinistre', 'Comment déclarer un sinistre et dans quel délai'],
    ['vol', 'Que faire en cas de vol de mon véhicule'],
    ['bris de glace', 'Mon pare-brise est fissuré'],
    ['constat', 'Comment bien remplir un constat amiable'],
  ])(
    '« %s » finds « %s » among the first three, linking to the claim screen',
    async (q, question) => {
      const { entries } = await search(q);
      const found = entries.slice(0, 3).find((entry) => entry.question.includes(question));
      expect(found?.answerHtml).toContain('href="/claims"');
    },
  );
});
