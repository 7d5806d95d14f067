// The ordered list of migrations. Add a file `NNNN-name.ts` and one line here; never edit a
// migration that has shipped.
import type { Migration } from 'kysely';
import * as m0001 from './0001-initial';
import * as m0002 from './0002-documents';
import * as m0003 from './0003-change-requests';
import * as m0004 from './0004-contact-content';
import * as m0005 from './0005-garage-address-requests';
import * as m0006 from './0006-account-security';
import * as m0008 from './0008-termination-requests';
import * as m0009 from './0009-sign-in-throttle';
import * as m0011 from './0011-rate-limit-counters';
import * as m0014 from './0014-idempotency-keys';
import * as m0015 from './0015-document-files-received';
import * as m0016 from './0016-requests';
import * as m0017 from './0017-claims-history';
import * as m0018 from './0018-policy-data-versions';
import * as m0019 from './0019-faq-version';
import * as m0020 from './0020-sale-date-address-complement';
import * as m0021 from './0021-releve-mentions';
import * as m0022 from './0022-session-bound-tokens';
import * as m0023 from './0023-storage-intents-idempotency-fingerprint';
import * as m0024 from './0024-outbox-relay';
import * as m0025 from './0025-portal-sessions';
import * as m0026 from './0026-integration-records';
import * as m0027 from './0027-invitation-links';
import * as m0028 from './0028-claim-declarations';
import * as m0029 from './0029-events';
import * as m0030 from './0030-staff-console';
import * as m0031 from './0031-statement-level-data-versions';
import * as m0032 from './0032-staff-temporary-passwords';
import * as m0033 from './0033-claim-draft-progress';
import * as m0034 from './0034-staff-links-audit-chain';
import * as m0035 from './0035-sealed-secrets';
import * as m0036 from './0036-sealed-totp-secrets';
import * as m0037 from './0037-console-search-and-request-index';
import * as m0038 from './0038-document-checks';
import * as m0039 from './0039-outbox-trace-context';
import * as m0041 from './0041-sign-ins';
import * as m0042 from './0042-passkeys';
import * as m0046 from './0046-conversations';
import * as m0047 from './0047-message-drafts';
import * as m0048 from './0048-data-exports';
import * as m0049 from './0049-second-factors';
import * as m0050 from './0050-inbox-contract-index';
import * as m0051 from './0051-complaints';
import * as m0052 from './0052-inbox-assignee-and-open-indexes';
import * as m0053 from './0053-complaints-jours-ouvrables';
import * as m0054 from './0054-step-up';
import * as m0055 from './0055-identity-changes';
import * as m0056 from './0056-sign-ins-of-every-path';

export const migrations: Record<string, Migration> = {
  '0001-initial': m0001,
  '0002-documents': m0002,
  '0003-change-requests': m0003,
  '0004-contact-content': m0004,
  '0005-garage-address-requests': m0005,
  '0006-account-security': m0006,
  '0008-termination-requests': m0008,
  '0009-sign-in-throttle': m0009,
  '0011-rate-limit-counters': m0011,
  '0014-idempotency-keys': m0014,
  '0015-document-files-received': m0015,
  '0016-requests': m0016,
  '0017-claims-history': m0017,
  '0018-policy-data-versions': m0018,
  '0019-faq-version': m0019,
  '0020-sale-date-address-complement': m0020,
  '0021-releve-mentions': m0021,
  '0022-session-bound-tokens': m0022,
  '0023-storage-intents-idempotency-fingerprint': m0023,
  '0024-outbox-relay': m0024,
  '0025-portal-sessions': m0025,
  '0026-integration-records': m0026,
  '0027-invitation-links': m0027,
  '0028-claim-declarations': m0028,
  '0029-events': m0029,
  '0030-staff-console': m0030,
  '0031-statement-level-data-versions': m0031,
  '0032-staff-temporary-passwords': m0032,
  '0033-claim-draft-progress': m0033,
  '0034-staff-links-audit-chain': m0034,
  '0035-sealed-secrets': m0035,
  '0036-sealed-totp-secrets': m0036,
  '0037-console-search-and-request-index': m0037,
  '0038-document-checks': m0038,
  '0039-outbox-trace-context': m0039,
  '0041-sign-ins': m0041,
  '0042-passkeys': m0042,
  '0046-conversations': m0046,
  '0047-message-drafts': m0047,
  '0048-data-exports': m0048,
  '0049-second-factors': m0049,
  '0050-inbox-contract-index': m0050,
  '0051-complaints': m0051,
  '0052-inbox-assignee-and-open-indexes': m0052,
  '0053-complaints-jours-ouvrables': m0053,
  '0054-step-up': m0054,
  '0055-identity-changes': m0055,
  '0056-sign-ins-of-every-path': m0056,
};
