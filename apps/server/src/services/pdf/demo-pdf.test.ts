import { PDFDocument, StandardFonts } from 'pdf-lib';
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { DEMO_PDF_FOOTER, renderDemoPdf, toDrawable } from './demo-pdf';

/** The decoded content streams of a PDF, where the drawn text lives. */
function contentStreams(pdf: Uint8Array): string {
  const raw = Buffer.from(pdf).toString('latin1');
  const streams = [...raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)];
  return streams
    .map(([, body]) => {
      const bytes = Buffer.from(body!, 'latin1');
      try {
        return inflateSync(bytes).toString('latin1');
      } catch {
        return bytes.toString('latin1');
      }
    })
    .join('\n');
}

/** How pdf-lib writes a standard-font string: hex of its WinAnsi (Windows-1252) bytes. */
function winAnsiHex(text: string): string {
  const cp1252: Record<string, number> = { '€': 0x80, '’': 0x92, '—': 0x97, œ: 0x9c };
  const bytes = Array.from(text, (char) => cp1252[char] ?? char.charCodeAt(0));
  return `<${Buffer.from(bytes).toString('hex').toUpperCase()}>`;
}

describe('demo PDFs', () => {
  it('is a real PDF that parses back, with its title in the metadata', async () => {
    const pdf = await renderDemoPdf({
      title: 'Attestation d’assurance',
      lines: ['Contrat n° AUTO-2026-0001', '', 'Véhicule : Renault Clio'],
    });

    expect(Buffer.from(pdf.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    const doc = await PDFDocument.load(pdf);
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getTitle()).toBe('Attestation d’assurance');
    expect(pdf.length).toBeLessThan(20_000);
  });

  it('draws French accents, the euro sign and typographic quotes as they are', async () => {
    const line = 'Conditions générales : à régler 12,50 € — œuvre, façade, élève, l’été';
    const text = contentStreams(
      await renderDemoPdf({ title: 'Conditions générales', lines: [line] }),
    );

    expect(text).toContain(winAnsiHex('Conditions générales'));
    expect(text).toContain(winAnsiHex(line));
    expect(text).toContain(winAnsiHex(DEMO_PDF_FOOTER));
  });

  it('replaces what the standard font cannot draw instead of failing', async () => {
    const pdf = await renderDemoPdf({
      title: 'Prime annuelle 🚗',
      lines: ['Montant : 1\u202f234,50\u00a0€', 'Ŝtrange\tligne', 'Ω'],
    });
    await expect(PDFDocument.load(pdf)).resolves.toBeDefined();

    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    expect(toDrawable('Prime annuelle 🚗', font)).toBe('Prime annuelle ?');
    expect(toDrawable('1\u202f234,50\u00a0€', font)).toBe('1\u00a0234,50\u00a0€');
    expect(toDrawable('Ŝtrange\tligne', font)).toBe('Strange ligne');
    expect(toDrawable('déjà ç € « »', font)).toBe('déjà ç € « »');
    expect(toDrawable('Ω', font)).toBe('?');
  });

  it('wraps long lines and adds pages when the text runs over', async () => {
    const paragraph =
      'La garantie responsabilité civile couvre les dommages causés aux tiers. '.repeat(6);
    const pdf = await renderDemoPdf({
      title: 'Conditions générales',
      lines: [...Array.from({ length: 40 }, () => paragraph), 'x'.repeat(400)],
    });
    const doc = await PDFDocument.load(pdf);
    expect(doc.getPageCount()).toBeGreaterThan(1);
    const text = contentStreams(pdf);
    expect(text.split(winAnsiHex(DEMO_PDF_FOOTER)).length - 1).toBe(doc.getPageCount());
  });
});
