// POST …/drafts/{draftId}/files/{role}: one photo or constat file, multipart (`file`); 201 with
// the file. GET …/drafts/{draftId}/file/{fileId} sends one back as stored (the photos step's
// thumbnails), DELETE removes it (204).
import { ACCEPTED_UPLOAD_MIME_TYPES, API_ROUTES, claimFileSchema } from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendAttachment } from '../../http/attachment';
import { addClaimFile, openClaimFile, removeClaimFile } from '../../services/claims/claim-files';
import { errorResponses } from '../responses';
import { uploadBody } from '../multipart';
import { fileAnswer } from '../../http/openapi-operation';
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
        openapi: uploadBody(
          'Une photo ou une page du constat, pour le rôle du chemin.',
          {},
          'file',
        ),
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
        openapi: fileAnswer(ACCEPTED_UPLOAD_MIME_TYPES, 'Le fichier, tel qu’enregistré'),
        summary: 'Lit une pièce jointe du brouillon, telle qu’enregistrée (sans ses métadonnées)',
        params: draftFileParams,
        response: {
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
        openapi: { responses: { 204: { description: 'Retirée', empty: true } } },
        response: { 204: z.null(), ...errors },
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
