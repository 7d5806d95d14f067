// A refusal of the server names the fields it refuses (docs/decisions/0009-one-contract.md: `fields`);
// the form shows each message under its field, beside the docs/product/README.md banner. useActionLifecycle
// calls this for every form given to it (`form: { setError, fields }`), so no screen maps
// errors by hand. A refused field the form does not show (e.g. a path parameter) stays in the
// banner only.
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../lib/api-client';

/** The server's `fields` of a refusal, or {} for any other failure. */
export function serverFieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || typeof error.body !== 'object') return {};
  return error.body.error.fields ?? {};
}

/** Puts each refused field's message under it; true when at least one was shown. */
export function showServerFieldErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
): boolean {
  const refused = serverFieldErrors(error);
  let shown = false;
  for (const field of fields) {
    const message = refused[field];
    if (!message) continue;
    // The first refused field takes focus, as a client-side error would.
    setError(field, { type: 'server', message }, { shouldFocus: !shown });
    shown = true;
  }
  return shown;
}
