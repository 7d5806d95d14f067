// The claim declaration calls (docs/product/claims.md), inside the authenticated /api/v1 scope:
// drafts saved step by step and as the customer types, their photos and constat files (multipart, one file per request,
// limits that stop a request early), and the sending. Per-account rate limit of write endpoints
// (docs/decisions/0012-security-baseline.md).
import multipart from '@fastify/multipart';
import { MAX_FILES_PER_REQUEST, MAX_UPLOAD_BYTES } from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import { rateLimitPerAccount } from '../rate-limit';
import claimDraftRoutes from './drafts';
import claimFileRoutes from './files';
import draftProgressRoute from './progress';
import saveStepRoutes from './save-step';
import submitClaimRoute from './submit';

export default async function claimRoutes(app: FastifyInstance) {
  await rateLimitPerAccount(app);
  await app.register(multipart, {
    limits: {
      fileSize: MAX_UPLOAD_BYTES,
      files: MAX_FILES_PER_REQUEST,
      fields: 5,
      fieldSize: 200,
      parts: 10,
    },
    preservePath: true,
  });
  await app.register(claimDraftRoutes);
  await app.register(saveStepRoutes);
  await app.register(draftProgressRoute);
  await app.register(claimFileRoutes);
  await app.register(submitClaimRoute);
}
