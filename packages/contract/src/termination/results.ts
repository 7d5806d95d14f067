// docs/product/termination.md results of the termination flow (its acknowledgement's date: display-format.ts).
import { errorBodySchema } from '../shared/errors';
import { MESSAGES } from '../shared/messages';
import { TERMINATION_MESSAGES } from './messages';

const { results: RESULTS } = TERMINATION_MESSAGES;

function serverMessage(body: unknown): string | undefined {
  if (typeof body === 'string') return body.trim() || undefined;
  const parsed = errorBodySchema.safeParse(body);
  return parsed.success ? parsed.data.error.message : undefined;
}

/**
 * docs/product/termination.md, termination flow: 404 'Policy not found' → 'Le contrat introuvable'; 400 and 500 →
 * the server's message, else 'Le fichier est vide' / 'Erreur de fichier interne'; any other
 * refusal → the generic upload message. Success is the caller's (2xx).
 */
export function terminationErrorMessage(status: number, body: unknown): string {
  const message = serverMessage(body);
  if (status === 404 && message === MESSAGES.api.policyNotFound) return RESULTS.policyNotFound;
  if (status === 400) return message ?? RESULTS.badRequest;
  if (status === 500) return message ?? RESULTS.serverError;
  return RESULTS.other;
}

/** The outbox row type of a termination request (the broker's back office reads it). */
export const TERMINATION_OUTBOX_TYPE = 'termination.request';
