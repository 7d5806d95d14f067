// The contract-change routes of ISSUE 4 (docs/product/changes.md), registered inside the authenticated
// /api/v1 scope: {accountId} is checked against the token before any of them runs. Each route
// is rate-limited per account (docs/decisions/0012-security-baseline.md): a customer changes a contract a few
// times a year, so RATE_LIMITS.change only ever stops a script.
import type { FastifyInstance } from 'fastify';
import { rateLimitPerAccount } from '../../rate-limit';
import addDriverRoute from './add-driver';
import changePaymentDetailsRoute from './change-payment-details';
import changeVehicleRoute from './change-vehicle';
import checkIbanRoute from './check-iban';
import removeDriverRoute from './remove-driver';

export default async function changeRoutes(app: FastifyInstance) {
  await rateLimitPerAccount(app);
  await app.register(addDriverRoute);
  await app.register(removeDriverRoute);
  await app.register(changeVehicleRoute);
  await app.register(checkIbanRoute);
  await app.register(changePaymentDetailsRoute);
}
