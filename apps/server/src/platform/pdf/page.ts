// The page every tagged PDF draws on (A4, one margin all round) and what the drawing functions
// share: the document, its structure root and the brand skin (tagged-pdf.ts, tables.ts).
import type { PdfSkin } from '../brand/brand-skins';

export const MARGIN = 50;
export const PAGE_WIDTH = 595.28; // A4
const PAGE_HEIGHT = 841.89;
export const WIDTH = PAGE_WIDTH - 2 * MARGIN;
/** Where the content stops: the footer's two lines sit below, in the bottom margin. */
const BOTTOM = PAGE_HEIGHT - MARGIN - 10;
export const FOOTER_Y = PAGE_HEIGHT - MARGIN + 4;

export type Struct = PDFKit.PDFStructureElement;

export interface Canvas {
  doc: PDFKit.PDFDocument;
  /** The structure tree's root (Document): every block is added to it in reading order. */
  root: Struct;
  skin: PdfSkin;
}

/** Draws decorations outside the structure tree (screen readers skip them). */
export function artifact(doc: PDFKit.PDFDocument, draw: () => void): void {
  doc.markContent('Artifact', { type: 'Layout' });
  draw();
  doc.endMarkedContent();
}

/** Starts a new page when fewer than `height` points are left. */
export function room(doc: PDFKit.PDFDocument, height: number): void {
  if (doc.y + height > BOTTOM) {
    doc.addPage();
    doc.y = MARGIN;
  }
}
