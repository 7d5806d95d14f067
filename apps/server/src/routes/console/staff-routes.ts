// The console's own session and the staff accounts (docs/console.md « Comptes »): who is
// signed in, sign-out, one's own password (services/staff/staff-passwords.ts: the current one
// first, the new one under the contract's rule, the other sessions ended), the staff list, and
// the accounts supervisors create, disable or whose second factor they reset. Enforces (beyond
// plugins/console-authentication.ts): creating,
// disabling, resetting and listing the disabled accounts are for supervisors only (403 for an
// agent); a body is the contract's staffCreateSchema (400 in French otherwise); the temporary
// password is answered once; a supervisor never disables their own account (409); an unknown id
// is a 404; a reset mails the member their link (services/staff/staff-links.ts) and answers how
// it left, never the link (409 on a server without mail, or for a disabled account); each
// change is in the staff audit log, in the change's own transaction. The console's routes are
// not in the customer API's OpenAPI document (`hide`).
import {
  endedSessionsSchema,
  CONSOLE_ROUTES,
  passwordChangeSchema,
  STAFF_ROLES,
  staffCreateSchema,
  staffListQuerySchema,
  type StaffListing,
  type StaffMember,
  type StaffResetAnswer,
} from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireRole } from '../../plugins/console-authentication';
import { ConflictError, NotFoundError } from '../../services/errors';
import { staffLinkFor } from '../../http/staff-link-paths';
import { recordStaffAudit } from '../../services/staff/audit';
import {
  createStaffAccount,
  disableStaff,
  listStaff,
  UNKNOWN_STAFF_MEMBER,
} from '../../services/staff/staff-accounts';
import { resetStaffAccess } from '../../services/staff/staff-links';
import { changeOwnStaffPassword } from '../../services/staff/staff-passwords';
import { identityChangeDeps } from '../../http/identity-change-links';
import { errorResponses } from '../responses';

const staffMemberSchema = z.object({
  id: z.string(),
  email: z.string(),
  displayName: z.string(),
  role: z.enum(STAFF_ROLES),
});

const staffListingSchema = staffMemberSchema.extend({
  enrolled: z.boolean(),
  enabled: z.boolean(),
});

const errors = errorResponses(400, 401, 403);
const targetErrors = errorResponses(400, 401, 403, 404, 409);
const targetParams = z.object({ id: z.string().max(100) });

const M = {
  self: 'Vous ne pouvez pas désactiver votre propre compte.',
  alreadyDisabled: 'Ce compte est déjà désactivé.',
};

const member = ({ id, email, displayName, role }: StaffMember): StaffMember => ({
  id,
  email,
  displayName,
  role,
});

export default async function staffRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const actor = (request: {
    staff: StaffMember;
    ip: string;
    headers: Record<string, unknown>;
  }) => ({
    id: request.staff.id,
    email: request.staff.email,
    address: request.ip,
    userAgent:
      typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : null,
  });

  routes.get(
    CONSOLE_ROUTES.me,
    { schema: { hide: true, response: { 200: staffMemberSchema, ...errors } } },
    async (request, reply) => reply.header('cache-control', 'no-store').send(member(request.staff)),
  );

  routes.post(
    CONSOLE_ROUTES.signOut,
    { schema: { hide: true, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      // Set with the embedded provider only, the one way staff sign in.
      await app.consoleSessions?.signOut(request, reply);
      return reply.code(204).send(null);
    },
  );

  routes.put(
    CONSOLE_ROUTES.password,
    {
      schema: {
        hide: true,
        body: passwordChangeSchema,
        response: { 200: endedSessionsSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const { providerSid } = request.staff;
      const passkeysAdded = await changeOwnStaffPassword(
        identityChangeDeps(app),
        { ...actor(request), providerSid },
        request.body,
      );
      // The browser that changed it gets a new cookie: a copy of the old one dies here.
      await app.consoleSessions?.renew(request, reply);
      // The passkeys the ended sessions added, to keep or remove (docs/decisions/0141).
      return reply.header('cache-control', 'no-store').send({ passkeysAdded });
    },
  );

  routes.get(
    CONSOLE_ROUTES.staff,
    {
      schema: {
        hide: true,
        querystring: staffListQuerySchema,
        response: { 200: z.array(staffListingSchema), ...errors },
      },
    },
    async (request) => {
      const all = request.query.include === 'disabled';
      if (all) await requireRole('supervisor')(request);
      return (await listStaff(app.db, { enabledOnly: !all })).map(
        ({ enrolled, disabled, ...staff }): StaffListing => ({
          ...member(staff),
          enrolled,
          enabled: !disabled,
        }),
      );
    },
  );

  routes.post(
    CONSOLE_ROUTES.staff,
    {
      preHandler: requireRole('supervisor'),
      schema: {
        hide: true,
        body: staffCreateSchema,
        response: {
          201: staffMemberSchema.extend({ temporaryPassword: z.string() }),
          ...errorResponses(400, 401, 403, 409),
        },
      },
    },
    async (request, reply) => {
      const created = await app.db.transaction().execute(async (trx) => {
        const staff = await createStaffAccount(trx, {
          ...request.body,
          createdBy: request.staff.id,
        });
        await recordStaffAudit(trx, actor(request), {
          action: 'staff.created',
          targetKind: 'staff',
          targetId: staff.id,
          details: { email: staff.email, role: staff.role },
        });
        return staff;
      });
      return reply.code(201).header('cache-control', 'no-store').send(created);
    },
  );

  /** The target of a supervisor's change, in `trx`: 404 when no account has the id. */
  const findTarget = async (trx: typeof app.db, id: string) => {
    const row = await trx
      .selectFrom('staff_accounts')
      .select(['id', 'email'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw new NotFoundError(UNKNOWN_STAFF_MEMBER);
    return row;
  };

  routes.post(
    CONSOLE_ROUTES.staffDisable,
    {
      preHandler: requireRole('supervisor'),
      schema: { hide: true, params: targetParams, response: { 204: z.null(), ...targetErrors } },
    },
    async (request, reply) => {
      if (request.params.id === request.staff.id) throw new ConflictError(M.self);
      await app.db.transaction().execute(async (trx) => {
        const target = await findTarget(trx, request.params.id);
        if (!(await disableStaff(trx, { id: target.id })))
          throw new ConflictError(M.alreadyDisabled);
        await recordStaffAudit(trx, actor(request), {
          action: 'staff.disabled',
          targetKind: 'staff',
          targetId: target.id,
          details: { email: target.email },
        });
      });
      return reply.code(204).send(null);
    },
  );

  routes.post(
    CONSOLE_ROUTES.staffSecondFactorReset,
    {
      preHandler: requireRole('supervisor'),
      schema: {
        hide: true,
        params: targetParams,
        response: {
          200: z.object({ delivery: z.enum(['mail', 'log']), email: z.string() }),
          ...targetErrors,
        },
      },
    },
    async (request, reply) => {
      const deps = {
        db: app.db,
        outbox: app.outbox,
        log: request.log,
        demoMode: app.config.demoMode,
        linkFor: staffLinkFor(app.config.publicUrl),
      };
      const who = { ...actor(request), displayName: request.staff.displayName };
      const { email, delivery } = await resetStaffAccess(deps, who, { id: request.params.id });
      const answer: StaffResetAnswer = { email, delivery: delivery === 'mail' ? 'mail' : 'log' };
      return reply.header('cache-control', 'no-store').send(answer);
    },
  );
}
