/**
 * The PDFs that the demo seed stores as the documents to download on /documents
 * (docs/decisions/0040-demo-data.md), e.g. 'Conditions générales'. Drawn like every PDF of the
 * server (tagged-pdf.ts, in the default skin); every page says it is a demonstration document,
 * so no one takes it for a real one.
 */

export interface DemoPdfContent {
  title: string;
  /** Paragraphs; an empty string is skipped (paragraphs are spaced already). */
  lines: string[];
}

export const DEMO_PDF_FOOTER =
  'Document de démonstration — Espace Assuré — sans valeur contractuelle';

export async function renderDemoPdf({ title, lines }: DemoPdfContent): Promise<Buffer> {
  // pdfkit and postcss are loaded with the first document, not at start.
  const [{ pdfSkin }, { TaggedPdf }] = await Promise.all([
    import('../brand/brand-skins'),
    import('./tagged-pdf'),
  ]);
  const pdf = new TaggedPdf({
    title,
    subject: DEMO_PDF_FOOTER,
    skin: pdfSkin('lumen'),
    footer: DEMO_PDF_FOOTER,
    issuedBy: 'Les documents de votre contrat vous sont remis par votre courtier.',
  });
  for (const line of lines) if (line !== '') pdf.paragraph(line);
  return pdf.finish();
}
