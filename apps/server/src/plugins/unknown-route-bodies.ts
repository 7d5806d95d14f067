// A body sent to an unknown address is refused with 404 before a byte of it is parsed, and its
// connection closed. Registered after the identity provider's middleware, which answers /oidc
// itself.
import { ERROR_CODES, MESSAGES } from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { errorBody } from '../http/error-body';
import { hasBody } from '../http/has-body';

export default fp(async function unknownRouteBodies(app: FastifyInstance) {
  // Callback-style, as every hook run on each request (docs/decisions/0068-api-reads-one-statement.md).
  app.addHook('onRequest', (request, reply, done) => {
    if (request.is404 && hasBody(request.headers)) {
      void reply
        .code(404)
        .header('connection', 'close')
        .send(errorBody(ERROR_CODES.notFound, MESSAGES.api.routeNotFound));
      return;
    }
    done();
  });
});
