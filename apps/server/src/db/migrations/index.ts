// The ordered list of migrations. Add a file `NNNN-name.ts` and one line here; never edit a
// migration that has shipped.
import type { Migration } from 'kysely';
import * as m0001 from './0001-initial';

export const migrations: Record<string, Migration> = {
  '0001-initial': m0001,
};
