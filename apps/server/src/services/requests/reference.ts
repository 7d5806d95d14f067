// The reference a customer quotes for a request: a prefix for its kind, the day it was received
// and six characters nobody misreads ('SIN-20261123-7KQ2MX'), as the termination receipt's.
import { randomBytes } from 'node:crypto';

const REFERENCE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export function newRequestReference(prefix: string, day: string): string {
  const suffix = Array.from(randomBytes(6), (b) => REFERENCE_ALPHABET[b % 32]).join('');
  return `${prefix}-${day.replaceAll('-', '')}-${suffix}`;
}
