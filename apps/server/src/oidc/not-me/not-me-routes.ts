// « Ce n’était pas moi » (services/identity/undo-changes.ts, docs/decisions/0140-a-mail-and-an-
// undo-for-each-change-of-a-way-in.md): the link of a change's mail, for customers and staff.
// GET shows what confirming will do and changes nothing (mail scanners fetch links); POST, with
// the token in its body, secures the account and answers the way to a new password, the staff
// member's undo written in the staff journal (`staff.account_secured`) in its transaction. A
// link used, expired or unknown gets the same French page (400) and nothing changes. The token
// travels in the query string of the mailed link and in the form's body: the request log and the
// spans hide it (platform/redaction/), the referrer policy keeps it from other sites.
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import { isSafeText } from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import { sendHtml } from '../../http/html';
import { NOT_ME_PATH, undoDeps } from '../../http/identity-change-links';
import { RATE_LIMITS, routeLimit } from '../../platform/rate-limits/tiers';
import { NotFoundError } from '../../services/errors';
import { isStaff } from '../../services/identity/owner';
import { pendingChanges, undoChanges, undoLinkOwner } from '../../services/identity/undo-changes';
import { recordStaffAudit } from '../../services/staff/audit';
import {
  renderConfirmPage,
  renderInvalidPage,
  renderSecuredPage,
  type Population,
} from './not-me-pages';

/** A token as drawn (password-links.ts: 32 bytes in base64url), or nothing worth a query. */
const tokenOf = (value: unknown) => {
  const token = typeof value === 'string' ? value : '';
  return token.length > 0 && token.length <= 100 && isSafeText(token) ? token : undefined;
};

export default async function notMeRoutes(app: FastifyInstance) {
  await app.register(formbody, { bodyLimit: 4096 });
  await app.register(rateLimit, {
    global: false,
    ...(app.rateLimitStore ? { store: app.rateLimitStore } : {}),
  });
  const { db } = app;
  const populationOf = async (token: string | undefined): Promise<Population> => {
    const found = token ? await undoLinkOwner(db, token) : undefined;
    return found && isStaff(found.owner) ? 'staff' : 'customer';
  };

  app.get<{ Querystring: { token?: string } }>(NOT_ME_PATH, async (request, reply) => {
    const token = tokenOf(request.query.token);
    const found = token ? await undoLinkOwner(db, token) : undefined;
    if (!token || !found?.usable)
      return sendHtml(reply, 400, renderInvalidPage(await populationOf(token)));
    const population = isStaff(found.owner) ? 'staff' : 'customer';
    const changes = await pendingChanges(db, found.owner);
    return sendHtml(
      reply,
      200,
      renderConfirmPage({ population, action: NOT_ME_PATH, token, changes }),
    );
  });

  app.post<{ Body: Record<string, unknown> | undefined }>(
    NOT_ME_PATH,
    { config: { rateLimit: routeLimit(RATE_LIMITS.identityForms) } },
    async (request, reply) => {
      const token = tokenOf(request.body?.token);
      if (!token) return sendHtml(reply, 400, renderInvalidPage('customer'));
      let secured;
      try {
        secured = await undoChanges(
          undoDeps(app),
          token,
          { userAgent: request.headers['user-agent'] },
          async (trx, owner, undone) => {
            if (!isStaff(owner)) return;
            const staff = await trx
              .selectFrom('staff_accounts')
              .select('email')
              .where('id', '=', owner.staffId)
              .executeTakeFirstOrThrow();
            await recordStaffAudit(
              trx,
              {
                id: owner.staffId,
                email: staff.email,
                address: request.ip,
                userAgent: request.headers['user-agent'] ?? null,
              },
              {
                action: 'staff.account_secured',
                targetKind: 'staff',
                targetId: owner.staffId,
                details: { undone },
              },
            );
          },
        );
      } catch (error) {
        if (!(error instanceof NotFoundError)) throw error;
        return sendHtml(reply, 400, renderInvalidPage(await populationOf(token)));
      }
      const population = isStaff(secured.owner) ? 'staff' : 'customer';
      return sendHtml(
        reply,
        200,
        renderSecuredPage({
          population,
          passwordHref: secured.passwordHref,
          mailed: secured.mailed,
        }),
      );
    },
  );
}
