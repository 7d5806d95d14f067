// The text the place search runs for (docs/decisions/0017-offline-addresses.md): trimmed, and
// only when the server would accept it (contract ADDRESS_SEARCH_MIN/MAX), so that a text too
// short or too long starts no call.
import { ADDRESS_SEARCH_MAX, ADDRESS_SEARCH_MIN } from '@espace/contract';

export function searchableQuery(text: string): string | null {
  const query = text.trim();
  return query.length >= ADDRESS_SEARCH_MIN && query.length <= ADDRESS_SEARCH_MAX ? query : null;
}
