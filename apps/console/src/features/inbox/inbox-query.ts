// The inbox's state is the URL's search parameters (docs/console.md « Boîte de réception »):
// read with the contract's inboxQuerySchema (an unknown value falls back to its default), written
// back without the defaults, so a link or a reload shows the same page.
import { inboxQuerySchema, type InboxQuery } from '@espace/contract';

export function readInboxQuery(params: URLSearchParams): InboxQuery {
  const raw = Object.fromEntries(params);
  const parsed = inboxQuerySchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  // Drop the parameters that are wrong, keep the others.
  const bad = new Set(parsed.error.issues.map((issue) => String(issue.path[0])));
  const kept = Object.fromEntries(Object.entries(raw).filter(([name]) => !bad.has(name)));
  return inboxQuerySchema.parse(kept);
}

const DEFAULTS: Partial<InboxQuery> = { state: 'open', sort: 'oldest', page: 1 };

export function writeInboxQuery(query: Partial<InboxQuery>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === '') continue;
    if (DEFAULTS[name as keyof InboxQuery] === value) continue;
    params.set(name, String(value));
  }
  return params;
}
