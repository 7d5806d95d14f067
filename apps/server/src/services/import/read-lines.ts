// The lines of an import file, one record each, read as a stream (docs/decisions/0076-bulk-
// import.md): NDJSON (one JSON object a line) or CSV (a header of field paths, csv-record.ts),
// told apart by the file's extension. Each line comes out with its number in the file, as the
// object it holds or as the reason it cannot be read; blank lines are skipped. Nothing is read
// ahead of what the consumer asks for, so memory does not grow with the file.
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import type { z } from 'zod';
import { csvRecord } from './csv-record';

export type ImportLine =
  { line: number; value: Record<string, unknown> } | { line: number; unreadable: string };

export type ImportFormat = 'ndjson' | 'csv';

export const IMPORT_READ_MESSAGES = {
  json: 'Ligne illisible\u00a0: ce n’est pas un objet JSON.',
  csv: (reason: string) => `Ligne illisible\u00a0: ${reason}`,
};

export function formatOf(file: string): ImportFormat | undefined {
  const lower = file.toLowerCase();
  if (lower.endsWith('.ndjson') || lower.endsWith('.jsonl')) return 'ndjson';
  if (lower.endsWith('.csv')) return 'csv';
  return undefined;
}

async function* ndjsonLines(input: Readable): AsyncGenerator<ImportLine> {
  let line = 0;
  for await (const text of createInterface({ input, crlfDelay: Infinity })) {
    line++;
    if (text.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      value = undefined;
    }
    if (value && typeof value === 'object' && !Array.isArray(value))
      yield { line, value: value as Record<string, unknown> };
    else yield { line, unreadable: IMPORT_READ_MESSAGES.json };
  }
}

async function* csvLines(
  input: Readable,
  schemaFor: (kind: string) => z.ZodType | undefined,
): AsyncGenerator<ImportLine> {
  const skipped: ImportLine[] = [];
  const parser = parse({
    columns: true,
    bom: true,
    skip_empty_lines: true,
    trim: false,
    info: true,
    // A line with too many or too few cells is reported, not fatal.
    skip_records_with_error: true,
  });
  parser.on('skip', (err: Error & { lines?: number }) => {
    skipped.push({ line: err.lines ?? 0, unreadable: IMPORT_READ_MESSAGES.csv(err.message) });
  });
  input.pipe(parser);
  for await (const { record, info } of parser as AsyncIterable<{
    record: Record<string, string>;
    info: { lines: number };
  }>) {
    while (skipped.length) yield skipped.shift()!;
    yield { line: info.lines, value: csvRecord(record, schemaFor) };
  }
  while (skipped.length) yield skipped.shift()!;
}

/** The lines of `file`; `bytesRead` tells how far the stream is, for a progress bar. */
export function readImportFile(
  file: string,
  format: ImportFormat,
  schemaFor: (kind: string) => z.ZodType | undefined,
) {
  const input = createReadStream(file);
  const lines = format === 'ndjson' ? ndjsonLines(input) : csvLines(input, schemaFor);
  return { lines, bytesRead: () => input.bytesRead };
}
