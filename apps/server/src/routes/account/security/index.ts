// The customer's own control of their account (SPEC §2 /account/password, /account/communication,
// /account/accountDelete; §7): password change, marketing consent, account deletion. Each route
// has its per-account rate limit (ARCHITECTURE.md decision 9); a current-password check is also
// counted per session by the sign-in throttle (services/account-security/current-password.ts).
import type { FastifyInstance } from 'fastify';
import { rateLimitPerAccount } from '../../rate-limit';
import changePasswordRoute from './change-password';
import deleteAccountRoute from './delete-account';
import setConsentRoute from './set-consent';

export default async function accountSecurityRoutes(app: FastifyInstance) {
  await rateLimitPerAccount(app);
  await app.register(changePasswordRoute);
  await app.register(deleteAccountRoute);
  await app.register(setConsentRoute);
}
