/**
 * Tagged PDFs drawn with pdfkit, the one PDF library of the server (the Mémo Véhicule Assuré,
 * the insurance certificate, the relevé d'informations, the termination receipt and the demo
 * documents; docs/decisions/0027-generated-documents.md): a structure tree (Document > H1, H2, P, Table > TR > TH/TD,
 * L > LI > LBody) in reading order, the language (fr-FR) and title set and shown as the window
 * title, decorations and the page footer marked as artifacts, in the brand's colours. Built for
 * PDF/UA in mind; the 14 standard fonts are not embedded, so the files do not claim PDF/UA.
 * Text goes through `drawable`: the standard fonts draw WinAnsi only (fr-FR spaces mapped).
 * Every page has the same header (brand) and a two-line footer (the document, « page x/y »,
 * then who issues it), drawn at the end into the bottom margin so it never adds a page. The page
 * and its helpers are in page.ts, the tables in tables.ts.
 */
import PDFDocument from 'pdfkit';
import type { PdfSkin } from '../brand/brand-skins';
import { drawable } from './drawable';
import {
  artifact,
  FOOTER_Y,
  MARGIN,
  PAGE_WIDTH,
  room,
  WIDTH,
  type Canvas,
  type Struct,
} from './page';
import { drawFields, drawTable } from './tables';

export interface TaggedPdfOptions {
  title: string;
  subject: string;
  /** Printed at the foot of every page, followed by « page x/y ». */
  footer: string;
  /** The second footer line: who issues the document (broker, ORIAS, insurer). */
  issuedBy: string;
  /** The brand skin the customer sees (brand-skins.ts). */
  skin: PdfSkin;
}

export class TaggedPdf {
  private readonly doc: PDFKit.PDFDocument;
  private readonly root: Struct;
  private readonly chunks: Buffer[] = [];
  private readonly done: Promise<void>;

  constructor(private readonly options: TaggedPdfOptions) {
    this.doc = new PDFDocument({
      size: 'A4',
      margin: MARGIN,
      tagged: true,
      lang: 'fr-FR',
      displayTitle: true,
      pdfVersion: '1.7',
      bufferPages: true,
      info: {
        Title: options.title,
        Subject: options.subject,
        Author: `${this.options.skin.brand} — Espace Assuré`,
        Creator: 'Espace Assuré',
      },
    });
    this.doc.on('data', (chunk: Buffer) => this.chunks.push(chunk));
    this.done = new Promise((resolve, reject) => {
      this.doc.on('end', resolve);
      this.doc.on('error', reject);
    });
    this.root = this.doc.struct('Document');
    this.doc.addStructure(this.root);
    this.header();
  }

  private get canvas(): Canvas {
    return { doc: this.doc, root: this.root, skin: this.options.skin };
  }

  private header() {
    const { doc } = this;
    artifact(doc, () => {
      doc.rect(0, 0, PAGE_WIDTH, 8).fill(this.options.skin.primary);
    });
    doc.y = MARGIN - 10;
    this.root.add(
      doc.struct('P', {}, () => {
        doc.font('Helvetica-Bold').fontSize(12).fillColor(this.options.skin.accent);
        doc.text(drawable(`${this.options.skin.brand} · Espace Assuré`), MARGIN, doc.y, {
          width: WIDTH,
        });
      }),
    );
    doc.moveDown(0.4);
    this.root.add(
      doc.struct('H1', {}, () => {
        doc.font('Helvetica-Bold').fontSize(20).fillColor(this.options.skin.primary);
        doc.text(drawable(this.options.title), MARGIN, doc.y, { width: WIDTH });
      }),
    );
    const y = doc.y + 6;
    artifact(doc, () => {
      doc
        .moveTo(MARGIN, y)
        .lineTo(MARGIN + WIDTH, y)
        .lineWidth(1.5)
        .stroke(this.options.skin.accent);
    });
    doc.y = y + 12;
  }

  heading(text: string): this {
    const { doc } = this;
    room(doc, 60);
    doc.moveDown(0.6);
    this.root.add(
      doc.struct('H2', {}, () => {
        doc.font('Helvetica-Bold').fontSize(13).fillColor(this.options.skin.primary);
        doc.text(drawable(text), MARGIN, doc.y, { width: WIDTH });
      }),
    );
    doc.moveDown(0.3);
    return this;
  }

  paragraph(text: string, { strong = false } = {}): this {
    const { doc } = this;
    const clean = drawable(text);
    doc.font(strong ? 'Helvetica-Bold' : 'Helvetica').fontSize(10.5);
    room(doc, doc.heightOfString(clean, { width: WIDTH }) + 6);
    this.root.add(
      doc.struct('P', {}, () => {
        doc
          .font(strong ? 'Helvetica-Bold' : 'Helvetica')
          .fontSize(10.5)
          .fillColor(this.options.skin.text);
        doc.text(clean, MARGIN, doc.y, { width: WIDTH });
      }),
    );
    doc.moveDown(0.4);
    return this;
  }

  /** Label–value pairs: a two-column table whose first cell heads its row (tables.ts). */
  fields(rows: readonly (readonly [string, string])[]): this {
    drawFields(this.canvas, rows);
    return this;
  }

  /** A table with a header row; `widths` are fractions of the text width (tables.ts). */
  table(headers: readonly string[], rows: readonly (readonly string[])[], widths: number[]): this {
    drawTable(this.canvas, headers, rows, widths);
    return this;
  }

  /** A numbered list (steps to follow). */
  list(items: readonly string[]): this {
    const { doc } = this;
    const list = doc.struct('L');
    this.root.add(list);
    items.forEach((item, index) => {
      const label = `${index + 1}.`;
      const clean = drawable(item);
      doc.font('Helvetica').fontSize(10.5);
      const height = doc.heightOfString(clean, { width: WIDTH - 20 });
      room(doc, height + 4);
      const y = doc.y;
      const entry = doc.struct('LI');
      list.add(entry);
      entry.add(
        doc.struct('Lbl', {}, () => {
          doc.font('Helvetica-Bold').fontSize(10.5).fillColor(this.options.skin.accent);
          doc.text(label, MARGIN, y, { width: 18 });
        }),
      );
      entry.add(
        doc.struct('LBody', {}, () => {
          doc.font('Helvetica').fontSize(10.5).fillColor(this.options.skin.text);
          doc.text(clean, MARGIN + 20, y, { width: WIDTH - 20 });
        }),
      );
      entry.end();
      doc.y = y + height + 4;
    });
    list.end();
    doc.x = MARGIN;
    return this;
  }

  async finish(): Promise<Buffer> {
    const { doc } = this;
    this.root.end();
    const range = doc.bufferedPageRange();
    const footer = drawable(this.options.footer);
    const issuedBy = drawable(this.options.issuedBy);
    for (let i = range.start; i < range.start + range.count; i += 1) {
      doc.switchToPage(i);
      // Text below the bottom margin would make pdfkit open a page: draw it with none.
      const margin = doc.page.margins.bottom;
      doc.page.margins.bottom = 0;
      doc.markContent('Artifact', { type: 'Pagination' });
      doc.font('Helvetica').fontSize(8).fillColor(this.options.skin.muted);
      doc.text(`${footer} · page ${i + 1}/${range.count}`, MARGIN, FOOTER_Y, {
        width: WIDTH,
        lineBreak: false,
      });
      doc.text(issuedBy, MARGIN, FOOTER_Y + 11, { width: WIDTH });
      doc.endMarkedContent();
      doc.page.margins.bottom = margin;
    }
    doc.end();
    await this.done;
    return Buffer.concat(this.chunks);
  }
}
