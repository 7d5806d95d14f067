// The console's own session and the staff accounts (docs/backoffice.md « Comptes »): who is
// signed in, sign-out, the staff list, and the accounts supervisors create. Enforces (beyond
// plugins/console-authentication.ts): creating an account is for supervisors only (403 for an
// agent), its body is the contract's staffCreateSchema (400 in French otherwise), the temporary
// password is answered once, and the creation is in the staff audit log. The console's routes
// are not in the customer API's OpenAPI document (`hide`).
import {
  CONSOLE_ROUTES,
  errorBodySchema,
  STAFF_ROLES,
  staffCreateSchema,
  type StaffMember,
} from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireRole } from '../../plugins/console-authentication';
import { recordStaffAudit } from '../../services/staff/audit';
import { createStaffAccount, listStaff } from '../../services/staff/staff-accounts';

const staffMemberSchema = z.object({
  id: z.string(),
  email: z.string(),
  displayName: z.string(),
  role: z.enum(STAFF_ROLES),
});

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema } as const;

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

  routes.get(
    CONSOLE_ROUTES.staff,
    { schema: { hide: true, response: { 200: z.array(staffMemberSchema), ...errors } } },
    async () => (await listStaff(app.db, { enabledOnly: true })).map(member),
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
          ...errors,
          409: errorBodySchema,
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
}
