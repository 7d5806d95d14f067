// The account-security tests whose portal mails the customer (the second factor turned on or
// off, a sign-in from a new device): the apiTest app with a stand-in web build, the vireo skin
// and its own SMTP stand-in (`mailingPortal(backend)`, the overrides), and `mailsTo(email)`,
// the texts of the mails that address received.
import { apiTest, SMTP } from './api-test';
import type { BackendName } from './backends';
import { webBuild } from './harness';
import { decodeQuotedPrintable } from './mail-server-stand-in';

export const mailingPortalTest = apiTest.extend(
  'mailsTo',
  ({ mail }) =>
    (email: string) =>
      mail.received.filter((m) => m.to.includes(email)).map((m) => decodeQuotedPrintable(m.data)),
);

/** Its overrides, last in a describe's chain (an `extend` after them would drop them). */
export const mailingPortal = (backend: BackendName) => ({
  backend,
  appConfig: { webDist: webBuild(), mailBrand: 'vireo' as const },
  smtp: SMTP,
});
