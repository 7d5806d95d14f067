// The folding of what a staff member types (services/console/search-terms.ts) and of what the
// database holds (search_fold, search_code of migration 0037) agree on every character from
// space to the end of Latin Extended-B, on PGlite and PostgreSQL: a name found by one is found
// by the other, whatever the database's locale.
import { sql } from 'kysely';
import { describe, expect } from 'vitest';
import { apiTest } from '../../support/api-test';
import { BACKENDS } from '../../support/backends';
import { codeForSearch, foldForSearch } from '../../../src/services/console/search-terms';

const CHARACTERS = Array.from({ length: 0x250 - 0x20 }, (_, i) => String.fromCodePoint(0x20 + i));

describe.each(BACKENDS)('search folding (%s)', (backend) => {
  const it = apiTest.override({ backend });

  it('folds every Latin character as the database does', async ({ t }) => {
    const { rows } = await sql<{ c: string; folded: string; code: string }>`
      select c, search_fold(c) as folded, search_code(c) as code
        from unnest(${CHARACTERS}::text[]) as c`.execute(t.app.db);
    expect(rows).toHaveLength(CHARACTERS.length);
    for (const row of rows) {
      expect(row.folded, `U+${row.c.codePointAt(0)!.toString(16)}`).toBe(foldForSearch(row.c));
      expect(row.code, `U+${row.c.codePointAt(0)!.toString(16)}`).toBe(codeForSearch(row.c));
    }
    expect(foldForSearch('Œuvre Côté-Lefèvre’s ÆSIR Straße')).toBe(
      'oeuvre cote lefevre s aesir strasse',
    );
  });
});
