// Idempotency of every write of /api/v1 (platform/idempotency/idempotency.ts has the rules). A
// POST, PUT, PATCH or DELETE that carries `Idempotency-Key` claims the key before its handler
// runs; its answer (status, content type, body) is stored as it is sent; the same request again
// gets that answer, marked `Idempotent-Replayed: true`, and its handler does not run. Registered
// in the authenticated scope, after the token is checked: keys are per account. A write without
// the header is handled as before (API clients other than the SPA). The same key with other
// values is refused with 422 and changes nothing (docs/decisions/0055-idempotency-fingerprint.md).
import {
  ERROR_CODES,
  errorBodySchema,
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_MESSAGES,
  IDEMPOTENCY_REPLAYED_HEADER,
  IDEMPOTENCY_RETENTION_HOURS,
  idempotencyKeySchema,
} from '@espace/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client';
import {
  awaitIdempotentAnswer,
  claimIdempotencyKey,
  purgeIdempotencyKeys,
  releaseIdempotencyKey,
  storeIdempotentAnswer,
  type IdempotencyScope,
  type StoredAnswer,
} from '../platform/idempotency/idempotency';
import { errorBody } from '../http/error-body';
import { documentRoute, type OperationDocument } from '../http/openapi-operation';
import { requestFingerprint } from './request-fingerprint';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** How long a repeat waits for the first request's answer before it is told to wait. */
const WAIT_FOR_FIRST_MS = 15_000;

declare module 'fastify' {
  interface FastifyRequest {
    /** The idempotency key this request claimed; its answer is stored when sent. */
    idempotency: IdempotencyScope | undefined;
  }
}

function replay(reply: FastifyReply, answer: StoredAnswer) {
  reply.code(answer.status).header(IDEMPOTENCY_REPLAYED_HEADER, 'true');
  if (answer.contentType) reply.header('content-type', answer.contentType);
  return reply.send(answer.body ?? undefined);
}

async function onWrite(db: Db, request: FastifyRequest, reply: FastifyReply) {
  if (!WRITES.has(request.method)) return;
  const header = request.headers[IDEMPOTENCY_HEADER.toLowerCase()];
  if (header === undefined) return;
  const key = idempotencyKeySchema.safeParse(header);
  if (!key.success) {
    return reply.code(400).send(
      errorBody(ERROR_CODES.validation, IDEMPOTENCY_MESSAGES.invalidKey, {
        [IDEMPOTENCY_HEADER]: IDEMPOTENCY_MESSAGES.invalidKey,
      }),
    );
  }
  const scope: IdempotencyScope = {
    accountId: request.accountId,
    method: request.method,
    path: request.url.split('?')[0] ?? request.url,
    key: key.data,
    fingerprint: requestFingerprint(request),
  };
  let claim = await claimIdempotencyKey(db, scope);
  if (claim.kind === 'busy') claim = await awaitIdempotentAnswer(db, scope, WAIT_FOR_FIRST_MS);
  if (claim.kind === 'answered') return replay(reply, claim.answer);
  if (claim.kind === 'reused') {
    return reply.code(422).send(
      errorBody(ERROR_CODES.conflict, IDEMPOTENCY_MESSAGES.reusedKey, {
        [IDEMPOTENCY_HEADER]: IDEMPOTENCY_MESSAGES.reusedKey,
      }),
    );
  }
  if (claim.kind === 'busy') {
    return reply.code(409).send(errorBody(ERROR_CODES.conflict, IDEMPOTENCY_MESSAGES.inProgress));
  }
  request.idempotency = scope;
}

/**
 * What a write of the scope says in the OpenAPI document: the header it reads, the header of an
 * answer replayed, and the refusals of a key (400 malformed, 409 the first still running, 422
 * reused with other values).
 */
function documentWrite(route: RouteOptions) {
  const methods = [route.method].flat();
  if (!route.schema || !methods.some((method) => WRITES.has(method))) return;
  const successes = Object.keys(route.schema.response ?? {}).filter((status) =>
    status.startsWith('2'),
  );
  const document: OperationDocument = {
    headers: [
      {
        name: IDEMPOTENCY_HEADER,
        description: `Une clé par envoi d’un formulaire (8 à 100 lettres, chiffres, «\u00a0.\u00a0», «\u00a0_\u00a0», «\u00a0:\u00a0», «\u00a0-\u00a0»), la même pour le renvoyer\u00a0: la première réponse est gardée ${IDEMPOTENCY_RETENTION_HOURS}\u00a0h et rendue à nouveau, sans refaire la demande.`,
        schema: { type: 'string', pattern: '^[A-Za-z0-9._:-]{8,100}$' },
      },
    ],
    responses: Object.fromEntries(
      successes.map((status) => [
        status,
        {
          headers: {
            [IDEMPOTENCY_REPLAYED_HEADER]: {
              description: '`true` quand la réponse est celle gardée pour cette clé',
              schema: { type: 'string', enum: ['true'] },
            },
          },
        },
      ]),
    ),
  };
  route.schema = {
    ...route.schema,
    response: {
      400: errorBodySchema,
      409: errorBodySchema,
      422: errorBodySchema,
      ...(route.schema.response as object),
    },
  };
  documentRoute(route, document);
}

export default fp(async function idempotency(app: FastifyInstance) {
  const { db } = app;
  app.addHook('onRoute', documentWrite);
  app.decorateRequest('idempotency', undefined);
  // preHandler: after the token and the body's schema are checked (a refused body records
  // nothing and needs no key), before the handler records anything.
  app.addHook('preHandler', (request, reply) => onWrite(db, request, reply));
  app.addHook('onSend', async (request, reply, payload) => {
    const scope = request.idempotency;
    if (!scope) return payload;
    request.idempotency = undefined;
    const keepable = payload === null || payload === undefined || typeof payload === 'string';
    // A client gone before its body arrived (a cancelled upload) gets no answer to keep.
    const cut = request.raw.readableAborted;
    if (reply.statusCode >= 500 || !keepable || cut) await releaseIdempotencyKey(db, scope);
    else {
      const contentType = reply.getHeader('content-type');
      await storeIdempotentAnswer(db, scope, {
        status: reply.statusCode,
        contentType: typeof contentType === 'string' ? contentType : null,
        body: payload ?? null,
      });
    }
    return payload;
  });
  // The client closed the connection mid-request (a cancelled or cut upload): the key is given
  // up at once, so that sending the same submission again is handled afresh.
  app.addHook('onRequestAbort', async (request) => {
    const scope = request.idempotency;
    if (!scope) return;
    request.idempotency = undefined;
    await releaseIdempotencyKey(db, scope);
  });
  await purgeIdempotencyKeys(db);
  const purge = setInterval(() => void purgeIdempotencyKeys(db).catch(() => undefined), 3_600_000);
  purge.unref();
  app.addHook('onClose', async () => clearInterval(purge));
});
