// The claim declaration calls (docs/product/claims.md), inside the authenticated /api/v1 scope:
// drafts saved step by step and as the customer types, their photos and constat files (multipart,
// one file per request, limits that stop a request early: routes/multipart.ts), and the sending.
// The writes are rate-limited per account (docs/decisions/0012-security-baseline.md), each route
// naming its tier (params.ts claimWriteConfig).
import type { FastifyInstance } from 'fastify';
import { acceptFileUploads } from '../multipart';
import { rateLimitPerAccount } from '../rate-limit';
import claimDraftRoutes from './drafts';
import claimFileRoutes from './files';
import draftProgressRoute from './progress';
import saveStepRoutes from './save-step';
import submitClaimRoute from './submit';

export default async function claimRoutes(app: FastifyInstance) {
  await rateLimitPerAccount(app);
  await acceptFileUploads(app);
  await app.register(claimDraftRoutes);
  await app.register(saveStepRoutes);
  await app.register(draftProgressRoute);
  await app.register(claimFileRoutes);
  await app.register(submitClaimRoute);
}
