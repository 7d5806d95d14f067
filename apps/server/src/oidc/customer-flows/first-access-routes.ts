// « Première connexion » (docs/decisions/0075-first-access-invitation.md): the sign-in page
// links to this form; contract number, birth date and the e-mail on file mail the invitation
// link, which opens the forgotten-password flow's set-password page (password-reset-routes.ts).
// The rules live in services/account/invitation.ts; this module validates the form with the
// contract's schema, calls it and draws the pages. The answer is the same page whatever
// matched; a form that does not parse is shown again with each field's reason.
import { BRAND_KEYS, firstAccessRequestSchema, type BrandKey } from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { RATE_LIMITS, routeLimit } from '../../platform/rate-limits/tiers';
import { requestFirstAccess } from '../../services/account/invitation';
import { TooManyAttemptsError } from '../../services/errors';
import {
  FIRST_ACCESS_SCRIPT,
  FIRST_ACCESS_SCRIPT_PATH,
  renderFirstAccessAnswerPage,
  renderFirstAccessPage,
  type FirstAccessErrors,
  type FirstAccessField,
} from './first-access-pages';
import { sendHtml } from '../../http/html';
import { loginHrefFrom } from './password-reset-routes';
import { passwordLinkFor, PASSWORD_RESET_PATHS } from '../../http/provider-paths';

/** The « Première connexion » page of a sign-in interaction, whose back link returns to it. */
export const firstAccessHrefFor = (loginPath: string) =>
  `${PASSWORD_RESET_PATHS.firstAccess}?retour=${encodeURIComponent(loginPath)}`;

const isBrand = (value: unknown): value is BrandKey =>
  typeof value === 'string' && (BRAND_KEYS as readonly string[]).includes(value);

export interface FirstAccessRouteOptions {
  db: Db;
  publicUrl: string;
  demoMode: boolean;
}

type FirstAccessBody = Partial<Record<FirstAccessField | 'brand', string>>;

export function firstAccessRoutes(app: FastifyInstance, opts: FirstAccessRouteOptions) {
  const path = PASSWORD_RESET_PATHS.firstAccess;
  const linkFor = passwordLinkFor(opts.publicUrl);
  // The same per-address ceiling as the forgotten-password form; the service counts its own.
  const rateLimit = { rateLimit: routeLimit(RATE_LIMITS.identityForms) };

  app.get(FIRST_ACCESS_SCRIPT_PATH, async (_request, reply) =>
    reply
      .header('cache-control', 'public, max-age=3600')
      .type('text/javascript; charset=utf-8')
      .send(FIRST_ACCESS_SCRIPT),
  );

  app.get<{ Querystring: { retour?: string } }>(path, async (request, reply) => {
    const loginHref = loginHrefFrom(request.query.retour);
    const action = `${path}?retour=${encodeURIComponent(loginHref)}`;
    return sendHtml(reply, 200, renderFirstAccessPage({ action, loginHref }));
  });

  app.post<{ Querystring: { retour?: string }; Body: FirstAccessBody }>(
    path,
    { config: rateLimit },
    async (request, reply) => {
      const loginHref = loginHrefFrom(request.query.retour);
      const action = `${path}?retour=${encodeURIComponent(loginHref)}`;
      const body = request.body ?? {};
      const values = {
        policyNumber: String(body.policyNumber ?? ''),
        birthDate: String(body.birthDate ?? ''),
        email: String(body.email ?? ''),
      };
      const parsed = firstAccessRequestSchema.safeParse(values);
      if (!parsed.success) {
        const errors: FirstAccessErrors = {};
        for (const issue of parsed.error.issues) {
          const field = issue.path[0] as FirstAccessField;
          errors[field] ??= issue.message;
        }
        const page = renderFirstAccessPage({ action, loginHref, values, errors });
        return sendHtml(reply, 400, page);
      }
      const deps = {
        db: opts.db,
        outbox: app.outbox,
        log: request.log,
        demoMode: opts.demoMode,
        linkFor,
      };
      try {
        const brand = isBrand(body.brand) ? body.brand : undefined;
        await requestFirstAccess(deps, parsed.data, request.ip, brand);
      } catch (err) {
        if (!(err instanceof TooManyAttemptsError)) throw err;
        return sendHtml(reply, 429, renderFirstAccessAnswerPage(loginHref, err.message));
      }
      return sendHtml(reply, 200, renderFirstAccessAnswerPage(loginHref));
    },
  );
}
