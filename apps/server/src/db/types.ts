// Row types of the tables created by ./migrations, for Kysely's typed queries.
// Keep in step with the migrations: one interface per table.
import type { ColumnType, Generated, JSONColumnType } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
/** `numeric` columns come back from PostgreSQL as strings. */
type Numeric = ColumnType<string, number | string, number | string>;
/** `date` columns are written as ISO strings; queries cast them to text when reading. */
type DateColumn = ColumnType<Date | string, string, string>;

export interface AccountsTable {
  id: string;
  customer_id: string;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  phone_number: string;
  commercial_consent: Generated<boolean>;
  created_at: CreatedAt;
}

export interface AccountAddressesTable {
  id: string;
  account_id: string;
  line1: string;
  postal_code: string;
  city: string;
  country: string;
}

export interface GarageAddressesTable {
  id: string;
  account_id: string;
  street: string;
  zip: string;
  city: string;
  country: string;
}

export interface PoliciesTable {
  policy_number: string;
  account_id: string;
  customer_id: string;
  state: string;
  premium_a: Numeric;
  start_date: DateColumn;
  garage_address_id: string | null;
}

export interface RisksTable {
  id: Generated<number>;
  policy_number: string;
  position: number;
  license_plate: string;
  manufacturer: string;
  model: string;
  guarantee_formula: string;
}

export interface GuaranteesTable {
  id: Generated<number>;
  risk_id: number;
  position: number;
  type: string;
  description: string;
  franchise: Numeric;
}

export interface DriversTable {
  id: string;
  policy_number: string;
  salutation: string;
  first_name: string;
  last_name: string;
  birth_date: DateColumn;
  principal: boolean;
  crm: Numeric;
}

export interface PaymentDetailsTable {
  id: string;
  policy_number: string;
  payment_method: string;
  owner_name: string;
  bic: string;
  iban: string;
}

export interface PolicyDocumentsTable {
  id: Generated<number>;
  policy_number: string;
  position: number;
  name: string;
  description: string;
  file_type: string;
  status: string | null;
  can_resend: boolean;
  max_file_number: number | null;
  exact_file_number: number | null;
}

export interface DownloadableDocumentsTable {
  id: string;
  policy_number: string;
  file_name: string;
  content_type: string;
  storage_key: string;
  size: number;
  created_at: CreatedAt;
}

export interface OidcPayloadsTable {
  id: string;
  type: string;
  payload: JSONColumnType<Record<string, unknown>>;
  grant_id: string | null;
  user_code: string | null;
  uid: string | null;
  expires_at: Date | null;
  consumed_at: Date | null;
}

export interface AppSecretsTable {
  name: string;
  value: JSONColumnType<object>;
  created_at: CreatedAt;
}

export interface LoginThrottleTable {
  key: string;
  failures: number;
  window_started_at: Date;
}

/** SPEC §2 change requests, read by the broker's back office (migration 0003). */
export interface ChangeRequestsTable {
  id: string;
  type: 'add_driver' | 'remove_driver' | 'change_vehicle' | 'change_payment_details';
  policy_number: string;
  account_id: string;
  payload: JSONColumnType<Record<string, unknown>>;
  status: Generated<string>;
  created_at: CreatedAt;
}

/** Files received for a policy's documents to provide (migration 0002, SPEC §5). */
export interface ReceivedFilesTable {
  id: string;
  policy_number: string;
  policy_document_id: number | null;
  file_type: string;
  original_name: string;
  content_type: string;
  storage_key: string;
  size: number;
  sha256: string;
  received_at: CreatedAt;
}

export interface OutboxTable {
  id: Generated<string>;
  type: string;
  account_id: string | null;
  payload: JSONColumnType<Record<string, unknown>>;
  created_at: CreatedAt;
  sent_at: Date | null;
}

export interface ContentSourcesTable {
  path: string;
  sha256: string;
  loaded_at: ColumnType<Date, Date | undefined, Date>;
}

export interface FaqCategoriesTable {
  slug: string;
  title: string;
  position: number;
  source_path: string;
}

export interface FaqEntriesTable {
  id: Generated<number>;
  category: string;
  position: number;
  question: string;
  answer_md: string;
  answer_html: string;
  /** tsvector, written with SQL expressions only. */
  search: unknown;
}

export interface LegalPagesTable {
  slug: string;
  title: string;
  sections: JSONColumnType<{ title: string; html: string }[]>;
}

export interface Database {
  accounts: AccountsTable;
  account_addresses: AccountAddressesTable;
  garage_addresses: GarageAddressesTable;
  policies: PoliciesTable;
  risks: RisksTable;
  guarantees: GuaranteesTable;
  drivers: DriversTable;
  payment_details: PaymentDetailsTable;
  policy_documents: PolicyDocumentsTable;
  downloadable_documents: DownloadableDocumentsTable;
  oidc_payloads: OidcPayloadsTable;
  app_secrets: AppSecretsTable;
  login_throttle: LoginThrottleTable;
  received_files: ReceivedFilesTable;
  change_requests: ChangeRequestsTable;
  outbox: OutboxTable;
  content_sources: ContentSourcesTable;
  faq_categories: FaqCategoriesTable;
  faq_entries: FaqEntriesTable;
  legal_pages: LegalPagesTable;
}
