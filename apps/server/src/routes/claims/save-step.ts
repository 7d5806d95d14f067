// PUT …/drafts/{draftId}/steps/{step}: one route per step of contract CLAIM_DATA_STEPS, each
// validating its body with that step's schema, so a bad answer is a 400 naming the field with
// its French message and changes nothing.
import {
  API_ROUTES,
  CLAIM_DATA_STEPS,
  CLAIM_STEP_SCHEMAS,
  claimDraftSchema,
  errorBodySchema,
  type ClaimDataStep,
} from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { saveStep } from '../../services/claims/drafts';
import { draftParams } from './params';

function saveStepRoute(app: FastifyInstance, step: ClaimDataStep) {
  app.withTypeProvider<ZodTypeProvider>().put(
    API_ROUTES.claimDraftStep.replace(':step', step),
    {
      schema: {
        tags: ['claim'],
        summary: `Enregistre l’étape « ${step} » d’une déclaration de sinistre`,
        params: draftParams,
        body: CLAIM_STEP_SCHEMAS[step],
        response: {
          200: claimDraftSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request) =>
      saveStep(app.db, request.accountId, request.params.draftId, step, request.body),
  );
}

export default async function saveStepRoutes(app: FastifyInstance) {
  for (const step of CLAIM_DATA_STEPS) saveStepRoute(app, step);
}
