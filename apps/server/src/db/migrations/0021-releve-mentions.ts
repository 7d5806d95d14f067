// What the relevé d'informations must state (Code des assurances A121-1, article 12 of the
// annexed clause) that no table held yet (docs/decisions/0049-releve-mentions-one-pdf-pipeline.md):
// the subscriber's birth date and driving licence (number and date), each designated driver's
// licence number, and the driver of each claim. Nullable: rows from before this migration read
// « Non renseigné » on the relevé until the broker's data fills them.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('accounts')
    .addColumn('birth_date', 'date')
    .addColumn('licence_number', 'text')
    .addColumn('licence_date', 'date')
    .execute();
  await db.schema.alterTable('drivers').addColumn('licence_number', 'text').execute();
  await db.schema.alterTable('claims').addColumn('driver_name', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('claims').dropColumn('driver_name').execute();
  await db.schema.alterTable('drivers').dropColumn('licence_number').execute();
  await db.schema
    .alterTable('accounts')
    .dropColumn('birth_date')
    .dropColumn('licence_number')
    .dropColumn('licence_date')
    .execute();
}
