// The customer's own control of their account (SPEC §2 /account/password, /account/communication,
// /account/accountDelete; §7): password change, marketing consent, account deletion. Each route
// has its per-account rate limit (ARCHITECTURE.md decision 9); a wrong password is also counted
// by the sign-in throttle (services/account-security/current-password.ts).
import type { FastifyInstance } from 'fastify';
import type { TokenValidity } from '../../../services/account-security/token-validity';
import { rateLimitPerAccount } from '../../rate-limit';
import changePasswordRoute from './change-password';
import deleteAccountRoute from './delete-account';
import setConsentRoute from './set-consent';

export interface AccountSecurityRouteOptions {
  tokenValidity: TokenValidity;
}

export default async function accountSecurityRoutes(
  app: FastifyInstance,
  opts: AccountSecurityRouteOptions,
) {
  await rateLimitPerAccount(app);
  await app.register(changePasswordRoute, opts);
  await app.register(deleteAccountRoute, opts);
  await app.register(setConsentRoute);
}
