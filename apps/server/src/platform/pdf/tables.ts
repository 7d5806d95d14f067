// The tagged tables of a PDF (Table > TR > TH/TD): label–value pairs and tables with a header
// row, a new page started before a row that would not fit.
import { drawable } from './drawable';
import { artifact, MARGIN, room, WIDTH, type Canvas } from './page';

const LABEL_WIDTH = 190;

/** Label–value pairs: a two-column table whose first cell heads its row. */
export function drawFields(
  { doc, root, skin }: Canvas,
  rows: readonly (readonly [string, string])[],
): void {
  const table = doc.struct('Table');
  root.add(table);
  for (const [label, value] of rows) {
    const cleanLabel = drawable(label);
    const cleanValue = drawable(value || '—');
    doc.fontSize(10.5);
    const height = Math.max(
      doc.font('Helvetica-Bold').heightOfString(cleanLabel, { width: LABEL_WIDTH - 10 }),
      doc.font('Helvetica').heightOfString(cleanValue, { width: WIDTH - LABEL_WIDTH }),
    );
    room(doc, height + 6);
    const y = doc.y;
    const row = doc.struct('TR');
    table.add(row);
    row.add(
      doc.struct('TH', {}, () => {
        doc.font('Helvetica-Bold').fontSize(10.5).fillColor(skin.muted);
        doc.text(cleanLabel, MARGIN, y, { width: LABEL_WIDTH - 10 });
      }),
    );
    row.add(
      doc.struct('TD', {}, () => {
        doc.font('Helvetica').fontSize(10.5).fillColor(skin.text);
        doc.text(cleanValue, MARGIN + LABEL_WIDTH, y, { width: WIDTH - LABEL_WIDTH });
      }),
    );
    row.end();
    doc.y = y + height + 5;
  }
  table.end();
}

/** A table with a header row; `widths` are fractions of the text width. */
export function drawTable(
  { doc, root, skin }: Canvas,
  headers: readonly string[],
  rows: readonly (readonly string[])[],
  widths: number[],
): void {
  const xs = widths.reduce<number[]>((acc, w, i) => [...acc, acc[i]! + w * WIDTH], [MARGIN]);
  const table = doc.struct('Table');
  root.add(table);
  const drawRow = (cells: readonly string[], head: boolean) => {
    const clean = cells.map(drawable);
    doc.font(head ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
    const height = Math.max(
      ...clean.map((c, i) => doc.heightOfString(c, { width: widths[i]! * WIDTH - 8 })),
    );
    room(doc, height + 10);
    const y = doc.y;
    if (head) {
      artifact(doc, () => {
        doc.rect(MARGIN, y - 3, WIDTH, height + 6).fill(skin.accentSoft);
      });
    }
    const row = doc.struct('TR');
    table.add(row);
    clean.forEach((cell, i) => {
      row.add(
        doc.struct(head ? 'TH' : 'TD', {}, () => {
          doc
            .font(head ? 'Helvetica-Bold' : 'Helvetica')
            .fontSize(10)
            .fillColor(head ? skin.primary : skin.text);
          doc.text(cell, xs[i]! + 4, y, { width: widths[i]! * WIDTH - 8 });
        }),
      );
    });
    row.end();
    doc.y = y + height + 6;
    artifact(doc, () => {
      doc
        .moveTo(MARGIN, doc.y - 2)
        .lineTo(MARGIN + WIDTH, doc.y - 2)
        .lineWidth(0.5)
        .stroke(skin.border);
    });
  };
  drawRow(headers, true);
  for (const row of rows) drawRow(row, false);
  table.end();
  doc.x = MARGIN;
  doc.moveDown(0.3);
}
