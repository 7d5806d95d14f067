// PUT …/drafts/{draftId}/progress: the step the customer is on, or, on a data step, what they
// typed there without « Continuer » (partial values: the contract's typed schema checks types,
// lengths and safe text, not what the step requires), which moves no recorded step. With
// If-Match and the writer header, a write of typed values over another tab's or device's is 412
// and changes nothing.
import { API_ROUTES, claimDraftProgressSchema } from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { saveProgress } from '../../services/claims/draft-writes';
import { DRAFT_WRITE_RESPONSES, draftWriteOf } from './draft-write';
import { draftParams } from './params';

export default async function draftProgressRoute(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().put(
    API_ROUTES.claimDraftProgress,
    {
      schema: {
        tags: ['claim'],
        operationId: 'saveClaimDraftProgress',
        summary:
          'Enregistre l’étape en cours d’une déclaration de sinistre ou ce qui y est saisi (brouillon)',
        params: draftParams,
        body: claimDraftProgressSchema,
        response: DRAFT_WRITE_RESPONSES,
      },
    },
    async (request) =>
      saveProgress(
        app.db,
        request.accountId,
        request.params.draftId,
        request.body,
        draftWriteOf(request),
      ),
  );
}
