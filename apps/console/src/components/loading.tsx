// What a screen shows while its data arrives, and when it could not be read.
import type { ApiError } from '../lib/api-client';

export function Loading() {
  return (
    <p className="muted" role="status">
      Chargement…
    </p>
  );
}

export function LoadError({ error }: { error: Error }) {
  const message =
    (error as ApiError).status === 404
      ? 'Introuvable.'
      : (error as ApiError).status === 403
        ? 'Cette page est réservée aux superviseurs.'
        : 'La lecture a échoué. Réessayez dans un instant.';
  return (
    <p role="alert" className="feedback feedback--error">
      {message}
    </p>
  );
}
