/**
 * Small real PDFs of text, drawn with pdf-lib: the demo documents (demo-pdf.ts) and the receipt
 * of a termination request (services/termination/receipt-pdf.ts).
 * - The 14 standard fonts need no font file, but only draw WinAnsi (Windows-1252) characters:
 *   French letters, '€', '’', '«', '»', 'œ' are in it; anything else is replaced (a no-break
 *   space for the narrow one of fr-FR amounts, a space for other white space, the letter
 *   without its accent when that exists, else '?') instead of making pdf-lib throw.
 * - Long lines wrap at word boundaries and pages are added as needed.
 * - Every page carries the footer, e.g. that it is a demonstration document.
 */
// pdf-lib is loaded on the first document, not at start (start-up time and idle memory).
import type { PDFFont, PDFPage } from 'pdf-lib';

export interface TextPdfContent {
  title: string;
  /** Paragraph lines; an empty string leaves a blank line. */
  lines: string[];
  /** Drawn at the foot of every page and kept as the document's subject. */
  footer: string;
}

const PAGE_SIZE: [number, number] = [595.28, 841.89]; // A4 in points
const MARGIN = 56;
const TITLE_SIZE = 18;
const BODY_SIZE = 11;
const LINE_HEIGHT = 16;
const FOOTER_SIZE = 8;

/** Replaces what the font cannot draw (see the module comment). */
export function toDrawable(text: string, font: PDFFont): string {
  const drawable = new Set(font.getCharacterSet());
  const can = (char: string) => drawable.has(char.codePointAt(0)!);
  return Array.from(text.normalize('NFC'), (char) => {
    if (can(char)) return char;
    // The narrow and figure no-break spaces of fr-FR numbers stay unbreakable.
    if (/[\u2007\u202f]/u.test(char)) return can('\u00a0') ? '\u00a0' : ' ';
    if (/\s/u.test(char)) return ' ';
    const base = char.normalize('NFD').replace(/\p{M}/gu, '');
    return base !== '' && Array.from(base).every(can) ? base : '?';
  }).join('');
}

/** Splits a line into pieces no wider than `width`, at spaces, or inside a too-long word. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const fits = (candidate: string) => font.widthOfTextAtSize(candidate, size) <= width;
  const pieces: string[] = [];
  let current = '';
  for (const word of text.split(' ')) {
    const candidate = current === '' ? word : `${current} ${word}`;
    if (fits(candidate)) {
      current = candidate;
      continue;
    }
    if (current !== '') pieces.push(current);
    current = '';
    for (const char of word) {
      if (current !== '' && !fits(current + char)) {
        pieces.push(current);
        current = '';
      }
      current += char;
    }
  }
  pieces.push(current);
  return pieces;
}

export async function renderTextPdf({
  title,
  lines,
  footer: footerText,
}: TextPdfContent): Promise<Uint8Array> {
  const { PDFDocument, StandardFonts } = await import('pdf-lib');
  const doc = await PDFDocument.create();
  // Metadata is stored as Unicode, so it keeps the title as written.
  doc.setTitle(title);
  doc.setAuthor('Espace Assuré');
  doc.setSubject(footerText);
  doc.setLanguage('fr-FR');
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const width = PAGE_SIZE[0] - 2 * MARGIN;

  let page: PDFPage = doc.addPage(PAGE_SIZE);
  let y = PAGE_SIZE[1] - MARGIN;
  const newPage = () => {
    page = doc.addPage(PAGE_SIZE);
    y = PAGE_SIZE[1] - MARGIN;
  };

  for (const piece of wrap(toDrawable(title, bold), bold, TITLE_SIZE, width)) {
    y -= TITLE_SIZE;
    page.drawText(piece, { x: MARGIN, y, size: TITLE_SIZE, font: bold });
    y -= TITLE_SIZE * 0.4;
  }
  y -= LINE_HEIGHT;

  for (const line of lines) {
    for (const piece of wrap(toDrawable(line, regular), regular, BODY_SIZE, width)) {
      if (y - LINE_HEIGHT < MARGIN + 2 * FOOTER_SIZE) newPage();
      y -= LINE_HEIGHT;
      page.drawText(piece, { x: MARGIN, y, size: BODY_SIZE, font: regular });
    }
  }

  const footer = toDrawable(footerText, regular);
  for (const each of doc.getPages()) {
    each.drawText(footer, { x: MARGIN, y: MARGIN / 2, size: FOOTER_SIZE, font: regular });
  }
  return doc.save();
}
