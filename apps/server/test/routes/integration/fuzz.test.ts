// Fuzzed records on the integration API's JSON routes (docs/decisions/0013-bad-input-gets-a-french-400.md):
// no 5xx, no English, and a refused record writes nothing, as http/fuzz.test.ts checks for the
// customer API.
import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { apiTest } from '../../support/api-test';
import { BACKENDS } from '../../support/backends';
import { BO, contractRecord, customerRecord } from '../../support/integration';
import { bodies, FUZZ_SEED } from '../../support/fuzz-corpus';
import { englishIn } from '../../support/refusal-language';
import { rowCounts } from '../../support/row-counts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 12);

const ROUTES: [string, string, Record<string, unknown>][] = [
  ['customer', '/customers/CLI-FUZZ', { ...customerRecord() }],
  ['contract', '/contracts/AU-FUZZ', { ...contractRecord('CLI-00100231') }],
  [
    'owed document',
    '/contracts/AU2026104512/owed-documents/FUZZ',
    { type: 'fuzz', name: 'Pièce', description: 'Une pièce', status: 'pending' },
  ],
];

describe.each(BACKENDS)('fuzzed integration records on %s', (backend) => {
  const it = apiTest.override({ backend });

  it.for(ROUTES)(
    '%s: no 5xx, and a refusal changes nothing',
    async ([_name, path, base], { t, integration: { token } }) => {
      await fc.assert(
        fc.asyncProperty(bodies(base), async (body) => {
          const before = await rowCounts(t.database.handle.db);
          const response = await t.app.inject({
            method: 'PUT',
            url: `${BO}${path}`,
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
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
});
