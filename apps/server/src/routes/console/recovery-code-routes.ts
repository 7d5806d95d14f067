// POST /backoffice/api/me/recovery-codes → 200 {recoveryCodes}: new recovery codes for the
// signed-in staff member's second factor, shown once, the old ones no longer working
// (services/identity/recovery-codes.ts, docs/decisions/0140-a-mail-and-an-undo-for-each-change-
// of-a-way-in.md). Asks for a fresh proof first (403 step_up_required, step-up-routes.ts); the
// change is mailed to the member with its « Ce n’était pas moi » link and written in the audit
// log (`staff.recovery_codes_renewed`), in its transaction.
import { CONSOLE_ROUTES, recoveryCodesSchema } from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { identityChangeDeps } from '../../http/identity-change-links';
import { renewOwnersRecoveryCodes } from '../../services/identity/recovery-codes';
import { requireSteppedUp } from '../../services/identity/step-up';
import { recordStaffAudit } from '../../services/staff/audit';
import { errorResponses } from '../responses';
import { actorOf } from './staff-actor';

export default async function staffRecoveryCodeRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    CONSOLE_ROUTES.recoveryCodes,
    {
      schema: {
        hide: true,
        response: { 200: recoveryCodesSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      await requireSteppedUp(app.db, request.staff.providerSid);
      const recoveryCodes = await renewOwnersRecoveryCodes(
        identityChangeDeps(app),
        { owner: { staffId: request.staff.id }, userAgent: request.headers['user-agent'] },
        (trx) =>
          recordStaffAudit(trx, actorOf(request), {
            action: 'staff.recovery_codes_renewed',
            targetKind: 'staff',
            targetId: request.staff.id,
          }),
      );
      return reply.header('cache-control', 'no-store').send({ recoveryCodes });
    },
  );
}
