// The customer's own control of their account (docs/product/account.md /account/password, /account/communication,
// /account/accountDelete, /account/security): password change, marketing consent, account
// deletion, open sessions, passkeys, the second factor, the copy of their data (« Mes données »). Each route
// has its per-account rate limit (docs/decisions/0012-security-baseline.md); a current-password check is also
// counted per session by the sign-in throttle (services/identity/current-password.ts).
import type { FastifyInstance } from 'fastify';
import { rateLimitPerAccount } from '../../rate-limit';
import changePasswordRoute from './change-password';
import dataExportRoutes from './data-exports';
import deleteAccountRoute from './delete-account';
import passkeysRoutes from './passkeys';
import secondFactorRoutes from './second-factor';
import sessionsRoutes from './sessions';
import setConsentRoute from './set-consent';
import stepUpRoutes from './step-up';

export default async function accountSecurityRoutes(app: FastifyInstance) {
  await rateLimitPerAccount(app);
  await app.register(changePasswordRoute);
  await app.register(deleteAccountRoute);
  await app.register(setConsentRoute);
  await app.register(sessionsRoutes);
  await app.register(passkeysRoutes);
  await app.register(dataExportRoutes);
  await app.register(secondFactorRoutes);
  await app.register(stepUpRoutes);
}
