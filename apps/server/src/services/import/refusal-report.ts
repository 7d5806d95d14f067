// The report of an import's refused lines, written beside the imported file as
// `<file>.refus.csv` (docs/integration.md « Import »): one row per field refused, `ligne;champ;
// raison`, semicolons and a byte-order mark so that a French spreadsheet opens it as it is.
// Rows are written as the lines finish (the stream's back-pressure is respected), so a file of
// any size is reported in constant memory; each run starts the report afresh.
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import type { Refusal } from './run-import';

export const reportPathFor = (file: string) => `${file}.refus.csv`;

const cell = (value: string | number) => {
  const text = String(value);
  return /[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

export function openRefusalReport(file: string) {
  const path = reportPathFor(file);
  const out = createWriteStream(path, { encoding: 'utf8' });
  out.write('\ufeffligne;champ;raison\n');
  return {
    path,
    async write(refusals: Refusal[]) {
      const rows = refusals.map((r) => `${r.line};${cell(r.field)};${cell(r.reason)}\n`).join('');
      if (!out.write(rows)) await once(out, 'drain');
    },
    async close() {
      out.end();
      await once(out, 'finish');
    },
  };
}
