// The one shape of every error the server answers: { error: { code, message, fields? } }, with a
// French message (plugins/errors.ts maps errors to it; the provider's pages, the SPA's fallback and
// the Node server's own refusals send it too).
import type { ErrorBody } from '@espace/contract';

export function errorBody(
  code: string,
  message: string,
  fields?: Record<string, string>,
): ErrorBody {
  return { error: fields ? { code, message, fields } : { code, message } };
}
