// The integration API, /backoffice/v1 (docs/integration.md): the broker's systems write and
// read customers, contracts and their documents by their own identifiers. Its own scope: its
// own token check (plugins/backoffice-authentication.ts, another audience than /api/v1), its
// own OpenAPI document at /backoffice/docs, none of the customer API's hooks (account scope,
// Idempotency-Key: a PUT of the same record is idempotent by itself).
import { BACKOFFICE_PREFIX } from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import backofficeAuthentication, {
  type BackofficeAuthenticationOptions,
} from '../../plugins/backoffice-authentication';
import { UnauthorizedError } from '../../plugins/errors';
import contractRoutes from './contracts';
import customerRoutes from './customers';
import documentRoutes from './documents';
import owedDocumentRoutes from './owed-documents';

/** The largest JSON record (a contract with its drivers, coverages and claims). */
export const BACKOFFICE_BODY_LIMIT = 262_144;

export interface BackofficeOptions {
  /** Who issues the tokens; undefined when no issuer is configured (every call is refused). */
  authentication: BackofficeAuthenticationOptions | undefined;
  docs: boolean;
  publicUrl: string;
}

export default async function backofficeRoutes(app: FastifyInstance, opts: BackofficeOptions) {
  if (opts.docs) await app.register(import('../../plugins/backoffice-openapi'), opts);
  await app.register(
    async (api) => {
      api.addHook('onRoute', (route) => {
        route.bodyLimit ??= BACKOFFICE_BODY_LIMIT;
      });
      if (opts.authentication) await api.register(backofficeAuthentication, opts.authentication);
      else
        api.addHook('onRequest', async () => {
          throw new UnauthorizedError();
        });
      await api.register(customerRoutes);
      await api.register(contractRoutes);
      await api.register(owedDocumentRoutes);
      await api.register(documentRoutes);
    },
    { prefix: BACKOFFICE_PREFIX },
  );
}
