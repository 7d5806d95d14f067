// One line of an import file made ready to write, outside any transaction (docs/decisions/
// 0076-bulk-import.md): its kind, the broker's identifiers of its envelope and its record, each
// checked with the integration API's schemas; or the refusals that keep it from being written
// (line, field, reason), so a refused line never reaches the database.
import { recordIdField } from '@espace/contract';
import type { z } from 'zod';
import type { DomainError } from '../errors';
import { IMPORT_KINDS, IMPORT_MESSAGES, type ImportKind } from './import-kinds';
import type { ImportLine } from './read-lines';

export interface Refusal {
  line: number;
  field: string;
  reason: string;
}

export type PreparedLine =
  | { line: number; refusals: Refusal[] }
  | {
      line: number;
      kindName: string;
      kind: ImportKind;
      keys: Record<string, string>;
      data: Record<string, unknown>;
      /** Its own key, then the keys of the records it follows (import-kinds.ts). */
      chain: string[];
    };

const issues = (line: number, error: z.ZodError, prefix: string[] = []): Refusal[] =>
  error.issues.map((issue) => ({
    line,
    field: [...prefix, ...issue.path.map(String)].join('.'),
    reason: issue.message,
  }));

/** Checks a line's kind, identifiers and record; never touches the database. */
export function prepareLine(item: ImportLine): PreparedLine {
  const { line } = item;
  if ('unreadable' in item)
    return { line, refusals: [{ line, field: '', reason: item.unreadable }] };
  const { kind: kindName, ...rest } = item.value;
  const kind = typeof kindName === 'string' ? IMPORT_KINDS[kindName] : undefined;
  if (!kind) return { line, refusals: [{ line, field: 'kind', reason: IMPORT_MESSAGES.kind }] };
  const keys: Record<string, string> = {};
  const refusals: Refusal[] = [];
  for (const name of kind.keys) {
    const parsed = recordIdField.safeParse(rest[name]);
    if (parsed.success) keys[name] = parsed.data;
    else refusals.push(...issues(line, parsed.error, [name]));
    delete rest[name];
  }
  const record = kind.schema.safeParse(rest);
  if (!record.success) refusals.push(...issues(line, record.error));
  if (refusals.length || !record.success) return { line, refusals };
  const data = record.data as Record<string, unknown>;
  return { line, kindName: kindName as string, kind, keys, data, chain: kind.chain(keys, data) };
}

/** The refusals a service's rule raised for a line (a field each, or the whole line). */
export function domainRefusals(line: number, err: DomainError): Refusal[] {
  const fields = Object.entries(err.fields ?? {});
  return fields.length
    ? fields.map(([field, reason]) => ({ line, field, reason: String(reason) }))
    : [{ line, field: '', reason: err.message }];
}
