// Staff members as the console names them (docs/console.md « Journal », « Demandes »): by their
// name, their e-mail kept for a hover or an export. The actors the timelines and documents
// record (`staff:<id>`, an integration client's `client:<id>`, none for the demo's history) in
// French.
import type { StaffName } from '@espace/contract';
import type { Db } from '../../db/client';

/** The broker's own systems (an integration client), or a change without a recorded actor. */
export const BROKER_SYSTEMS: StaffName = {
  displayName: 'Le système d’information du courtier',
  email: null,
};
export const THE_BROKER: StaffName = { displayName: 'Le courtier', email: null };

/** The names of staff members `ids` (disabled ones too); unknown ids are left out. */
export async function staffNames(db: Db, ids: Iterable<string>): Promise<Map<string, StaffName>> {
  const wanted = [...new Set(ids)];
  if (!wanted.length) return new Map();
  const rows = await db
    .selectFrom('staff_accounts')
    .select(['id', 'display_name', 'email'])
    .where('id', 'in', wanted)
    .execute();
  return new Map(rows.map((row) => [row.id, { displayName: row.display_name, email: row.email }]));
}

/** The staff id of an actor `staff:<id>`, else undefined. */
export const staffIdOf = (actor: string | null) =>
  actor?.startsWith('staff:') ? actor.slice('staff:'.length) : undefined;

/** Who an actor is, in French, from the names read by staffNames. */
export function actorName(actor: string | null, names: Map<string, StaffName>): StaffName {
  const staffId = staffIdOf(actor);
  if (staffId) return names.get(staffId) ?? { displayName: 'Un membre de l’équipe', email: null };
  return actor ? BROKER_SYSTEMS : THE_BROKER;
}
