// A CSV line of the bulk import as the record it stands for (docs/integration.md « Import »,
// docs/decisions/0076-bulk-import.md). Columns are the record's field paths with dots
// (`address.line1`, `drivers.0.firstName`); an empty cell is an absent field, and an object or
// a list entry whose cells are all empty is absent too, so one header can serve contracts with
// one driver or three. A cell is text; where the record's schema wants a number or a boolean
// the cell is read as one (French decimal comma accepted, `true`/`false`, `oui`/`non`), and
// anything else is left as typed for the schema to refuse with its own message.
import type { z } from 'zod';

type Leaf = 'number' | 'boolean' | 'text';

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  values?: unknown[];
}
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The schema of the field at `path` inside `schema`, through optional, default, pipe, list. */
function fieldSchema(schema: z.ZodType | undefined, path: string[]): z.ZodType | undefined {
  let current = schema;
  for (let i = 0; current && i <= path.length;) {
    const def = defOf(current);
    if (['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch'].includes(def.type))
      current = def.innerType;
    else if (def.type === 'pipe') current = def.in;
    else if (def.type === 'union')
      current = def.options?.find((o) => !['null', 'undefined'].includes(defOf(o).type));
    else if (i === path.length) return current;
    else if (def.type === 'object') current = def.shape?.[path[i++]!];
    else if (def.type === 'array') {
      current = def.element;
      i++;
    } else return undefined;
  }
  return current;
}

function leafOf(schema: z.ZodType | undefined): Leaf {
  if (!schema) return 'text';
  const def = defOf(schema);
  if (def.type === 'number' || def.type === 'int') return 'number';
  if (def.type === 'boolean') return 'boolean';
  if (def.type === 'literal' && typeof def.values?.[0] === 'number') return 'number';
  if (def.type === 'union' && def.options?.every((o) => leafOf(o) === 'number')) return 'number';
  return 'text';
}

const TRUE = new Set(['true', 'oui', 'vrai', '1']);
const FALSE = new Set(['false', 'non', 'faux', '0']);

function readCell(cell: string, leaf: Leaf): unknown {
  const text = cell.trim();
  if (leaf === 'number') {
    const value = Number(text.replace(/\s/g, '').replace(',', '.'));
    return text !== '' && Number.isFinite(value) ? value : cell;
  }
  if (leaf === 'boolean') {
    const word = text.toLowerCase();
    return TRUE.has(word) ? true : FALSE.has(word) ? false : cell;
  }
  return cell;
}

type Tree = Record<string, unknown> | unknown[];

/** Drops absent list entries and empty objects, once the whole line is placed. */
function prune(value: unknown): unknown {
  if (Array.isArray(value)) {
    const entries = value.map(prune).filter((v) => v !== undefined);
    return entries.length ? entries : undefined;
  }
  if (value && typeof value === 'object') {
    const entries = Object.entries(value)
      .map(([k, v]) => [k, prune(v)] as const)
      .filter(([, v]) => v !== undefined);
    return entries.length ? Object.fromEntries(entries) : undefined;
  }
  return value;
}

/**
 * The object a CSV line stands for: `row` maps each column to its cell; `schemaFor` gives the
 * record schema once the envelope (`kind`) is known, to read numbers and booleans.
 */
export function csvRecord(
  row: Record<string, string>,
  schemaFor: (kind: string) => z.ZodType | undefined,
): Record<string, unknown> {
  const schema = schemaFor(row.kind ?? '');
  const root: Record<string, unknown> = {};
  for (const [column, cell] of Object.entries(row)) {
    if (cell === undefined || cell.trim() === '') continue;
    const path = column.split('.');
    let node: Tree = root;
    path.forEach((part, i) => {
      const key = /^\d+$/.test(part) && Array.isArray(node) ? Number(part) : part;
      const target = node as Record<string | number, unknown>;
      if (i === path.length - 1) {
        target[key] = readCell(cell, leafOf(fieldSchema(schema, path)));
        return;
      }
      target[key] ??= /^\d+$/.test(path[i + 1]!) ? [] : {};
      node = target[key] as Tree;
    });
  }
  return (prune(root) as Record<string, unknown> | undefined) ?? {};
}
