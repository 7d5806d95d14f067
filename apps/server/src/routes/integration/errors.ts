// The error answers every /backoffice/v1 route documents (docs/decisions/0013-bad-input-gets-a-french-400.md):
// the customer API's body, `{ error: { code, message, fields? } }` (routes/responses.ts).
import { errorResponses } from '../responses';

export const integrationErrors = errorResponses(400, 401, 403, 404, 409, 412, 422);
