// PUT …/drafts/{draftId}/steps/{step}: one route per step of contract CLAIM_DATA_STEPS, each
// validating its body with that step's schema, so a bad answer is a 400 naming the field with
// its French message and changes nothing. With If-Match and the writer header (draft-write.ts),
// a save over another tab's or device's write is 412 and changes nothing.
import {
  API_ROUTES,
  CLAIM_DATA_STEPS,
  CLAIM_STEP_SCHEMAS,
  type ClaimDataStep,
} from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { saveStep } from '../../services/claims/drafts';
import { errorResponses } from '../responses';
import { DRAFT_WRITE_RESPONSES, draftWriteOf } from './draft-write';
import { claimWriteConfig, draftParams } from './params';

function saveStepRoute(app: FastifyInstance, step: ClaimDataStep) {
  app.withTypeProvider<ZodTypeProvider>().put(
    API_ROUTES.claimDraftStep.replace(':step', step),
    {
      schema: {
        tags: ['claim'],
        operationId: `saveClaimStep${step.charAt(0).toUpperCase()}${step.slice(1)}`,
        summary: `Enregistre l’étape «\u00a0${step}\u00a0» d’une déclaration de sinistre`,
        params: draftParams,
        body: CLAIM_STEP_SCHEMAS[step],
        response: { ...DRAFT_WRITE_RESPONSES, ...errorResponses(429) },
      },
      config: claimWriteConfig,
    },
    async (request) =>
      saveStep(
        app.db,
        request.accountId,
        request.params.draftId,
        step,
        request.body,
        draftWriteOf(request),
      ),
  );
}

export default async function saveStepRoutes(app: FastifyInstance) {
  for (const step of CLAIM_DATA_STEPS) saveStepRoute(app, step);
}
