// The page of the link mailed to a staff member (oidc/staff-sign-in/staff-link-routes.ts,
// docs/decisions/0092-staff-reset-by-mail-and-tamper-evident-journal.md), in a module that loads
// nothing: the console's reset and the staff CLI build the link without the provider.
import { INTERACTION_PATH } from './provider-paths';

export const STAFF_LINK_PATH = `${INTERACTION_PATH}/staff-link`;

/** The absolute link of a staff member's set-password page for a token. */
export const staffLinkFor = (publicUrl: string) => (token: string) =>
  `${publicUrl}${STAFF_LINK_PATH}?token=${encodeURIComponent(token)}`;
