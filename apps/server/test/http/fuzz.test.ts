// No body makes the server fail. fast-check sends generated bodies (a fixed seed, a
// bounded number of runs) to every JSON route: valid payloads with fields swapped for hostile
// values (NUL, lone surrogates, bidi overrides, huge numbers, absurd dates, wrong types) and
// arbitrary JSON. No answer may be a 5xx or carry zod's English (support/refusal-language.ts), and a 4xx
// must leave every table as it was.
import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { apiTest } from '../support/api-test';
import { BACKENDS } from '../support/backends';
import { bodies, FUZZ_SEED, fuzzRoutes, hostileString } from '../support/fuzz-corpus';
import { bearer } from '../support/harness';
import { englishIn } from '../support/refusal-language';
import { rowCounts } from '../support/row-counts';

/** Runs per route and backend: enough to reach every field, small enough for CI (a few s). */
const RUNS = Number(process.env.FUZZ_RUNS ?? 12);

describe.each(BACKENDS)('fuzzed JSON bodies on %s', (backend) => {
  const it = apiTest.override({ backend });

  it.for(fuzzRoutes('{accountId}'))(
    '%s: no 5xx, and a refusal changes nothing',
    async ([_name, method, url, base], { t, camille: { accountId, token } }) => {
      await fc.assert(
        fc.asyncProperty(bodies(base), async (body) => {
          const before = await rowCounts(t.database.handle.db);
          const response = await t.app.inject({
            method,
            url: url.replace('{accountId}', accountId),
            headers: { ...bearer(token), 'content-type': 'application/json' },
            payload: JSON.stringify(body),
          });
          expect(response.statusCode, response.body).toBeLessThan(500);
          expect(englishIn(response), response.body).toEqual([]);
          if (response.statusCode >= 400)
            expect(await rowCounts(t.database.handle.db)).toEqual(before);
        }),
        { seed: FUZZ_SEED, numRuns: RUNS, endOnFailure: true },
      );
    },
  );

  it.for(['/api/v1/content/faq', '/api/v1/address/search'])(
    '%s: no 5xx for any query',
    async (path, { t, camille: { token } }) => {
      await fc.assert(
        fc.asyncProperty(hostileString, hostileString, async (q, offset) => {
          const query = new URLSearchParams({ q, offset }).toString();
          const response = await t.app.inject({
            method: 'GET',
            url: `${path}?${query}`,
            headers: bearer(token),
          });
          expect(response.statusCode, response.body).toBeLessThan(500);
          expect(englishIn(response), response.body).toEqual([]);
        }),
        { seed: FUZZ_SEED, numRuns: RUNS * 2, endOnFailure: true },
      );
    },
  );
});
