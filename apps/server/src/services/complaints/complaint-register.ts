// The complaints register for the broker's annual reporting (docs/console.md « Réclamations »):
// every complaint with its category, the days it was received, acknowledged and answered, the
// delays in calendar days, the outcome and whether a deadline was missed. For a French
// spreadsheet: UTF-8 with a BOM, ';' between cells, dates dd/mm/yyyy, every cell quoted and one
// starting with = + - @ prefixed with ' so that it is never run as a formula.
import {
  COMPLAINT_CATEGORY_LABELS,
  COMPLAINT_OUTCOME_LABELS,
  COMPLAINT_REGISTER_COLUMNS,
  daysBetween,
  isLate,
  todayInParis,
} from '@espace/contract';
import type { Db } from '../../db/client';
import { complaintRows } from './console-complaints';

function cell(value: string | null): string {
  const text = value ?? '';
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

const line = (cells: (string | null)[]) => `${cells.map(cell).join(';')}\r\n`;
/** 'YYYY-MM-DD' → 'dd/mm/yyyy', as a French spreadsheet reads a date. */
const day = (iso: string | null) => (iso ? iso.split('-').reverse().join('/') : null);
const delay = (from: string, to: string | null) => (to ? String(daysBetween(from, to)) : null);
const yesNo = (value: boolean) => (value ? 'oui' : 'non');

export async function complaintRegisterCsv(db: Db, today = todayInParis()): Promise<string> {
  const rows = await complaintRows(db, 'all').execute();
  rows.sort((a, b) => (a.received_on < b.received_on ? -1 : a.received_on > b.received_on ? 1 : 0));
  return (
    `\ufeff${line([...COMPLAINT_REGISTER_COLUMNS])}` +
    rows
      .map((row) =>
        line([
          row.reference,
          COMPLAINT_CATEGORY_LABELS[row.category],
          day(row.received_on),
          day(row.acknowledged_on),
          delay(row.received_on, row.acknowledged_on),
          day(row.answered_on),
          delay(row.received_on, row.answered_on),
          row.outcome ? COMPLAINT_OUTCOME_LABELS[row.outcome] : 'En cours',
          yesNo(isLate(row.acknowledge_by, row.acknowledged_on, today)),
          yesNo(isLate(row.answer_by, row.answered_on, today)),
        ]),
      )
      .join('')
  );
}
