// The « Messages » inbox's state is the URL's search parameters (docs/console.md « Messages »),
// read with the contract's schema (an unknown value falls back to its default) and written back
// without the defaults, as the requests inbox does.
import { consoleConversationQuerySchema, type ConsoleConversationQuery } from '@espace/contract';

export function readConversationQuery(params: URLSearchParams): ConsoleConversationQuery {
  const raw = Object.fromEntries(params);
  const parsed = consoleConversationQuerySchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const bad = new Set(parsed.error.issues.map((issue) => String(issue.path[0])));
  const kept = Object.fromEntries(Object.entries(raw).filter(([name]) => !bad.has(name)));
  return consoleConversationQuerySchema.parse(kept);
}

const DEFAULTS: Partial<ConsoleConversationQuery> = { state: 'waiting', page: 1 };

export function writeConversationQuery(query: Partial<ConsoleConversationQuery>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === '') continue;
    if (DEFAULTS[name as keyof ConsoleConversationQuery] === value) continue;
    params.set(name, String(value));
  }
  return params;
}
