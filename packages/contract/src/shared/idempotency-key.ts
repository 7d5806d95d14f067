// The idempotency key a write carries (idempotency.ts), as the server checks it: apart from the
// header's name and texts, which the portal's entry reads and must not load zod with.
import { IDEMPOTENCY_MESSAGES } from './idempotency';
import { z } from './zod';

/** A key is 8 to 100 characters of letters, digits, '-', '_', '.' or ':' (a UUID and a suffix). */
export const idempotencyKeySchema = z
  .string()
  .regex(/^[A-Za-z0-9._:-]{8,100}$/, IDEMPOTENCY_MESSAGES.invalidKey);
