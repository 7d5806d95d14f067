// What a change to a way in needs to be told to its owner (services/identity/identity-changes.ts,
// docs/decisions/0140-a-mail-and-an-undo-for-each-change-of-a-way-in.md): the outbox, the mails'
// skin, and the address of the « Ce n’était pas moi » page (oidc/not-me/), whose link the mail
// carries; and the pages that set a new password after it.
import type { FastifyInstance } from 'fastify';
import { INTERACTION_PATH, passwordLinkFor } from './provider-paths';
import { staffLinkFor } from './staff-link-paths';

export const NOT_ME_PATH = `${INTERACTION_PATH}/not-me`;

/** The absolute link of the « Ce n’était pas moi » page for a token. */
export const notMeLinkFor = (publicUrl: string) => (token: string) =>
  `${publicUrl}${NOT_ME_PATH}?token=${encodeURIComponent(token)}`;

/** The dependencies of a change that is mailed with its undo link. */
export const identityChangeDeps = (app: FastifyInstance) => ({
  db: app.db,
  outbox: app.outbox,
  mail: { publicUrl: app.config.publicUrl, brand: app.config.mailBrand },
  undoLinkFor: notMeLinkFor(app.config.publicUrl),
});

/** The dependencies of « Ce n’était pas moi »: the same, and the new password's pages. */
export const undoDeps = (app: FastifyInstance) => ({
  ...identityChangeDeps(app),
  passwordLinkFor: {
    customer: passwordLinkFor(app.config.publicUrl),
    staff: staffLinkFor(app.config.publicUrl),
  },
});
