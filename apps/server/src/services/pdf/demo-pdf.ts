/**
 * The PDFs that the demo seed (ARCHITECTURE.md "Fixed points") stores as the documents to
 * download on /documents (SPEC §2), e.g. 'Attestation d’assurance', 'Conditions générales'.
 * Every page says it is a demonstration document, so no one takes it for a real one.
 */
import { renderTextPdf } from './text-pdf';

export { toDrawable } from './text-pdf';

export interface DemoPdfContent {
  title: string;
  /** Paragraph lines; an empty string leaves a blank line. */
  lines: string[];
}

export const DEMO_PDF_FOOTER =
  'Document de démonstration — Espace Assuré — sans valeur contractuelle';

export function renderDemoPdf(content: DemoPdfContent): Promise<Uint8Array> {
  return renderTextPdf({ ...content, footer: DEMO_PDF_FOOTER });
}
