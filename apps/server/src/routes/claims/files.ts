// POST …/drafts/{draftId}/files/{role}: one photo or constat file, multipart (`file`); 201 with
// the file. GET …/drafts/{draftId}/file/{fileId} sends one back as stored (the photos step's
// thumbnails), DELETE removes it (204).
import { API_ROUTES, claimFileSchema } from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendAttachment } from '../../http/attachment';
import { addClaimFile, openClaimFile, removeClaimFile } from '../../services/claims/claim-files';
import { errorResponses } from '../responses';
import { claimWriteConfig, draftFileParams, draftFilesParams } from './params';

const errors = errorResponses(400, 401, 403, 404, 409);

export default async function claimFileRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post(
    API_ROUTES.claimDraftFiles,
    {
      schema: {
        tags: ['claim'],
        operationId: 'attachClaimFile',
        summary: 'Joint une photo ou une page du constat (multipart\u00a0: file)',
        consumes: ['multipart/form-data'],
        params: draftFilesParams,
        response: {
          201: claimFileSchema,
          ...errorResponses(400, 401, 403, 404, 409, 413, 415, 429),
        },
      },
      config: claimWriteConfig,
    },
    async (request, reply) => {
      const file = await addClaimFile(
        { db: app.db, storage: app.storage },
        {
          accountId: request.accountId,
          draftId: request.params.draftId,
          role: request.params.role,
          part: request.isMultipart() ? await request.file() : undefined,
        },
      );
      return reply.code(201).send(file);
    },
  );
  api.get(
    API_ROUTES.claimDraftFile,
    {
      schema: {
        tags: ['claim'],
        operationId: 'readClaimFile',
        summary: 'Lit une pièce jointe du brouillon, telle qu’enregistrée (sans ses métadonnées)',
        params: draftFileParams,
        response: {
          200: z.any().describe('Le fichier (png, jpeg ou pdf), en pièce jointe'),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) =>
      sendAttachment(
        reply,
        await openClaimFile(
          { db: app.db, storage: app.storage },
          {
            accountId: request.accountId,
            draftId: request.params.draftId,
            fileId: request.params.fileId,
          },
        ),
      ),
  );
  api.delete(
    API_ROUTES.claimDraftFile,
    {
      schema: {
        tags: ['claim'],
        operationId: 'removeClaimFile',
        summary: 'Retire une pièce jointe du brouillon',
        params: draftFileParams,
        response: { 204: z.null().describe('Retirée'), ...errors },
      },
    },
    async (request, reply) => {
      await removeClaimFile(
        { db: app.db, storage: app.storage },
        {
          accountId: request.accountId,
          draftId: request.params.draftId,
          fileId: request.params.fileId,
        },
      );
      return reply.code(204).send(null);
    },
  );
}
