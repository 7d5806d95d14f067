// Accounts, policies and everything a policy card shows (docs/product/README.md), plus the identity
// provider's storage and the generated secrets (docs/decisions/0001-embedded-identity-provider.md).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('accounts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('phone_number', 'text', (c) => c.notNull())
    .addColumn('commercial_consent', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('account_addresses')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) =>
      c.notNull().unique().references('accounts.id').onDelete('cascade'),
    )
    .addColumn('line1', 'text', (c) => c.notNull())
    .addColumn('postal_code', 'text', (c) => c.notNull())
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('garage_addresses')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) =>
      c.notNull().references('accounts.id').onDelete('cascade'),
    )
    .addColumn('street', 'text', (c) => c.notNull())
    .addColumn('zip', 'text', (c) => c.notNull())
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('garage_addresses_account_idx')
    .on('garage_addresses')
    .column('account_id')
    .execute();

  await db.schema
    .createTable('policies')
    .addColumn('policy_number', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) =>
      c.notNull().references('accounts.id').onDelete('cascade'),
    )
    .addColumn('customer_id', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('premium_a', 'numeric(10, 2)', (c) => c.notNull())
    .addColumn('start_date', 'date', (c) => c.notNull())
    .addColumn('garage_address_id', 'text', (c) =>
      c.references('garage_addresses.id').onDelete('set null'),
    )
    .execute();
  await db.schema.createIndex('policies_account_idx').on('policies').column('account_id').execute();

  await db.schema
    .createTable('risks')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('policy_number', 'text', (c) =>
      c.notNull().references('policies.policy_number').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('license_plate', 'text', (c) => c.notNull())
    .addColumn('manufacturer', 'text', (c) => c.notNull())
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('guarantee_formula', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('risks_policy_idx').on('risks').column('policy_number').execute();

  await db.schema
    .createTable('guarantees')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('risk_id', 'integer', (c) => c.notNull().references('risks.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('franchise', 'numeric(10, 2)', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('guarantees_risk_idx').on('guarantees').column('risk_id').execute();

  await db.schema
    .createTable('drivers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('policy_number', 'text', (c) =>
      c.notNull().references('policies.policy_number').onDelete('cascade'),
    )
    .addColumn('salutation', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('birth_date', 'date', (c) => c.notNull())
    .addColumn('principal', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('crm', 'numeric(3, 2)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('drivers_policy_idx').on('drivers').column('policy_number').execute();

  await db.schema
    .createTable('payment_details')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('policy_number', 'text', (c) =>
      c.notNull().unique().references('policies.policy_number').onDelete('cascade'),
    )
    .addColumn('payment_method', 'text', (c) => c.notNull())
    .addColumn('owner_name', 'text', (c) => c.notNull())
    .addColumn('bic', 'text', (c) => c.notNull())
    .addColumn('iban', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('policy_documents')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('policy_number', 'text', (c) =>
      c.notNull().references('policies.policy_number').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('file_type', 'text', (c) => c.notNull())
    .addColumn('status', 'text')
    .addColumn('can_resend', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('max_file_number', 'integer')
    .addColumn('exact_file_number', 'integer')
    .addUniqueConstraint('policy_documents_type_unique', ['policy_number', 'file_type'])
    .execute();

  await db.schema
    .createTable('downloadable_documents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('policy_number', 'text', (c) =>
      c.notNull().references('policies.policy_number').onDelete('cascade'),
    )
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('downloadable_documents_policy_idx')
    .on('downloadable_documents')
    .column('policy_number')
    .execute();

  await db.schema
    .createTable('oidc_payloads')
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    .addColumn('grant_id', 'text')
    .addColumn('user_code', 'text')
    .addColumn('uid', 'text')
    .addColumn('expires_at', 'timestamptz')
    .addColumn('consumed_at', 'timestamptz')
    .addPrimaryKeyConstraint('oidc_payloads_pk', ['id', 'type'])
    .execute();
  await db.schema
    .createIndex('oidc_payloads_grant_idx')
    .on('oidc_payloads')
    .column('grant_id')
    .execute();
  await db.schema.createIndex('oidc_payloads_uid_idx').on('oidc_payloads').column('uid').execute();
  await db.schema
    .createIndex('oidc_payloads_expires_idx')
    .on('oidc_payloads')
    .column('expires_at')
    .execute();

  await db.schema
    .createTable('app_secrets')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('login_throttle')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('window_started_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'login_throttle',
    'app_secrets',
    'oidc_payloads',
    'downloadable_documents',
    'policy_documents',
    'payment_details',
    'drivers',
    'guarantees',
    'risks',
    'policies',
    'garage_addresses',
    'account_addresses',
    'accounts',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
