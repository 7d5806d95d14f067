// The staff console's API, /backoffice/api (docs/console.md), for the console app
// (apps/console): its own scope, authenticated by the console's cookie session
// (plugins/console-authentication.ts; a customer's session or token and an integration token
// never open it), none of the customer API's hooks. The staff's own session and the staff
// accounts (staff-routes.ts), their passkeys (passkey-routes.ts), then the work: inbox, requests, customers, audit (work-routes.ts).
import { CONSOLE_API_PREFIX } from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import consoleAuthentication from '../../plugins/console-authentication';
import staffPasskeyRoutes from './passkey-routes';
import staffRecoveryCodeRoutes from './recovery-code-routes';
import staffRoutes from './staff-routes';
import staffStepUpRoutes from './step-up-routes';
import workRoutes from './work-routes';

export default async function consoleRoutes(app: FastifyInstance) {
  await app.register(
    async (api) => {
      await api.register(consoleAuthentication);
      await api.register(staffRoutes);
      await api.register(staffPasskeyRoutes);
      await api.register(staffStepUpRoutes);
      await api.register(staffRecoveryCodeRoutes);
      await api.register(workRoutes);
    },
    { prefix: CONSOLE_API_PREFIX },
  );
}
