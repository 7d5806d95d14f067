// The FAQ finds how to declare a claim (docs/product/claims.md) whatever word the customer uses,
// and those answers lead to the screen « Déclarer un sinistre ». The assistance answer gives the
// assistance number itself, the contract's, as a link that calls it.
import { PHONE_NUMBERS, telHref, type FaqResponse } from '@espace/contract';
import { describe, expect } from 'vitest';
import { apiTest } from '../../support/api-test';
import { BACKENDS } from '../../support/backends';
import { bearer } from '../../support/harness';

describe.each(BACKENDS)('FAQ searches about claims on %s', (backend) => {
  const it = apiTest
    .extend(
      'search',
      ({ t, lea: { token } }) =>
        async (q: string) =>
          (
            await t.app.inject({
              method: 'GET',
              url: `/api/v1/content/faq?${new URLSearchParams({ q })}`,
              headers: bearer(token),
            })
          ).json<FaqResponse>(),
    )
    .override({ backend });

  it.for<[string, string]>([
    ['déclarer un accident', 'Comment déclarer un sinistre et dans quel délai'],
    ['sinistre', 'Comment déclarer un sinistre et dans quel délai'],
    ['vol', 'Que faire en cas de vol de mon véhicule'],
    ['bris de glace', 'Mon pare-brise est fissuré'],
    ['constat', 'Comment bien remplir un constat amiable'],
  ])(
    '« %s » finds « %s » among the first three, linking to the claim screen',
    async ([q, question], { search }) => {
      const { entries } = await search(q);
      const found = entries.slice(0, 3).find((entry) => entry.question.includes(question));
      expect(found?.answerHtml).toContain('href="/claims"');
    },
  );

  it('« Comment joindre l’assistance » gives the contract’s assistance number as a link that calls it', async ({ search }) => {
    const { entries } = await search('joindre l’assistance');
    const answer = entries.find((entry) =>
      entry.question.startsWith('Comment joindre l’assistance'),
    );
    const link = `<a href="${telHref(PHONE_NUMBERS.assistance)}">${PHONE_NUMBERS.assistance}</a>`;
    expect(answer?.answerHtml).toContain(link);
    // Every number the claims answers give is that one: none left behind when it changes.
    const claims = (await search('assistance')).entries.filter((e) => e.category === 'sinistres');
    const numbers = claims.flatMap((e) => e.answerHtml.match(/0\d( \d\d){4}/g) ?? []);
    expect(new Set(numbers)).toEqual(new Set([PHONE_NUMBERS.assistance]));
  });
});
