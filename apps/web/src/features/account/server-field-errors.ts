// A refusal of the server names the fields it refuses (ARCHITECTURE.md decision 4: `fields`);
// the form shows each message under its field, beside the SPEC §8 banner.
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../lib/api-client';

export function showServerFieldErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
): void {
  if (!(error instanceof ApiError) || typeof error.body !== 'object') return;
  const refused = error.body.error.fields ?? {};
  for (const field of fields) {
    const message = refused[field];
    if (message) setError(field, { type: 'server', message }, { shouldFocus: true });
  }
}
