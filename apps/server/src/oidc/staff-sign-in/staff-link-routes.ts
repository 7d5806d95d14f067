// The page of the link mailed to a staff member whose access was reset (docs/console.md
// « Connexion », docs/decisions/0092-staff-reset-by-mail-and-tamper-evident-journal.md): the
// member chooses a new password, then signs in to the console, where the second factor is
// enrolled with that password (staff-interactions.ts). The rules are
// services/staff/staff-links.ts'; this module reads the form and draws the pages. It enforces:
// - a link that no longer works (used, expired, replaced, or its account disabled) gets the same
//   French page (400), which says to ask a supervisor for a new reset;
// - both fields are required and must match (both say so), then the rule (the CNIL rule, not
//   the e-mail); a refusal shows the form again with the token kept and nothing changed;
// - once saved, the page links to the console's sign-in; a link mailed after « Ce n’était pas
//   moi » (`secured`) says the second factor stays. The token travels in the query string
//   of the mailed link and in the form's body: the request log hides it (platform/logger.ts).
import {
  CONSOLE_APP_PATH,
  isSafeText,
  newPasswordPairErrors,
  STAFF_LINK_TEXTS as T,
  type NewPasswordPairErrors,
} from '@espace/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Db } from '../../db/client';
import { STAFF_LINK_PATH } from '../../http/staff-link-paths';
import { escapeHtml, sendHtml } from '../../http/html';
import { InvalidInputError, NotFoundError } from '../../services/errors';
import { findStaffLink, setStaffPasswordFromLink } from '../../services/staff/staff-links';
import { renderPage } from '../provider/pages';
import { renderNewPasswordPage } from './staff-pages';

const invalidPage = () =>
  renderPage(
    T.invalidTitle,
    `<h1>${escapeHtml(T.invalidTitle)}</h1>
<p role="alert">${escapeHtml(T.invalid)}</p>`,
  );

/** A link mailed after « Ce n’était pas moi » keeps the second factor: its own words. */
const secured = (purpose: string) => purpose === 'secured';

const donePage = (purpose: string) =>
  renderPage(
    T.doneTitle,
    `<h1>${escapeHtml(T.doneTitle)}</h1>
<p role="status">${escapeHtml(secured(purpose) ? T.securedDone : T.done)}</p>
<p><a class="button-link" href="${CONSOLE_APP_PATH}/">${escapeHtml(T.signIn)}</a></p>`,
  );

export function staffLinkRoutes(
  app: FastifyInstance,
  opts: { db: Db; limit: { config: { rateLimit: object } } },
) {
  const { db, limit } = opts;
  const form = (
    reply: FastifyReply,
    status: number,
    token: string,
    staff: { email: string; purpose: string },
    errors?: NewPasswordPairErrors,
  ) =>
    sendHtml(
      reply,
      status,
      renderNewPasswordPage({
        action: STAFF_LINK_PATH,
        email: staff.email,
        ...(errors ? { errors } : {}),
        link: {
          token,
          title: T.pageTitle,
          intro: secured(staff.purpose) ? T.securedIntro : T.pageIntro,
          submit: T.submit,
        },
      }),
    );

  app.get<{ Querystring: { token?: string } }>(STAFF_LINK_PATH, async (request, reply) => {
    const token = String(request.query.token ?? '');
    const staff = isSafeText(token) ? await findStaffLink(db, token) : undefined;
    if (!staff) return sendHtml(reply, 400, invalidPage());
    return form(reply, 200, token, staff);
  });

  app.post<{ Body: Record<string, unknown> | undefined }>(
    STAFF_LINK_PATH,
    limit,
    async (request, reply) => {
      const token = String(request.body?.token ?? '');
      const staff = isSafeText(token) ? await findStaffLink(db, token) : undefined;
      if (!staff) return sendHtml(reply, 400, invalidPage());
      const newPassword = String(request.body?.newPassword ?? '');
      const confirmation = String(request.body?.confirmation ?? '');
      const errors = newPasswordPairErrors(newPassword, confirmation);
      if (errors.newPassword || errors.confirmation) return form(reply, 400, token, staff, errors);
      try {
        await setStaffPasswordFromLink(db, token, newPassword, {
          address: request.ip,
          userAgent: request.headers['user-agent'] ?? null,
        });
      } catch (error) {
        if (error instanceof InvalidInputError)
          return form(reply, 400, token, staff, { newPassword: error.message });
        if (error instanceof NotFoundError) return sendHtml(reply, 400, invalidPage());
        throw error;
      }
      return sendHtml(reply, 200, donePage(staff.purpose));
    },
  );
}
