// An inbox's state is the URL's search parameters (docs/console.md « Boîte de réception »,
// « Messages »): read with the contract's schema (a wrong value falls back to its default, the
// others are kept), written back without the defaults, so a link or a reload shows the same page.
import type { z } from 'zod';

export function readUrlQuery<S extends z.ZodType<object>>(
  schema: S,
  params: URLSearchParams,
): z.output<S> {
  const raw = Object.fromEntries(params);
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  // Drop the parameters that are wrong, keep the others.
  const bad = new Set(parsed.error.issues.map((issue) => String(issue.path[0])));
  const kept = Object.fromEntries(Object.entries(raw).filter(([name]) => !bad.has(name)));
  return schema.parse(kept);
}

export function writeUrlQuery<Q extends object>(
  defaults: Partial<Q>,
  query: Partial<Q>,
): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === '') continue;
    if (defaults[name as keyof Q] === value) continue;
    params.set(name, String(value));
  }
  return params;
}
