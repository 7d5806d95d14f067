// What every PDF the portal draws shares (docs/decisions/0049-releve-mentions-one-pdf-pipeline.md):
// the tagged pdfkit document (../../pdf/tagged-pdf.ts) in the brand's skin, read from the
// portal's stylesheet (platform/brand/brand-skins.ts), the same header, and a footer naming the
// document, « page x/y » and who issues it: the broker with its ORIAS number and the insurer,
// from the operator's legal identity (docs/decisions/0028-legal-identity-from-configuration.md).
// The PDF modules (pdfkit, postcss) are loaded with the first document, not at start.
import { formatReceivedAt, type BrandKey } from '@espace/contract';
import type { PdfSkin } from '../../../platform/brand/brand-skins';
import type { TaggedPdf } from '../../../platform/pdf/tagged-pdf';
import type { ContractData, DocumentIssuer } from './contract-data';

/** What a document is drawn with: the skin, the issuer, the moment. */
export interface DocumentFrame {
  skin: PdfSkin;
  issuer: DocumentIssuer;
  now: Date;
  /** The tagged PDF class, from its module loaded on the first document. */
  Pdf: typeof TaggedPdf;
}

/** What a contract's generated document is drawn from. */
export interface DocumentContext extends DocumentFrame {
  data: ContractData;
  /** The Paris calendar day of `now`. */
  today: string;
}

/** Loads the PDF modules and the skin of `brand`. */
export async function documentFrame(
  brand: BrandKey,
  issuer: DocumentIssuer,
  now: Date,
): Promise<DocumentFrame> {
  const [{ pdfSkin }, { TaggedPdf }] = await Promise.all([
    import('../../../platform/brand/brand-skins'),
    import('../../../platform/pdf/tagged-pdf'),
  ]);
  return { skin: pdfSkin(brand), issuer, now, Pdf: TaggedPdf };
}

/** The footer's second line: who issues every document. */
export function issuedByLine(issuer: DocumentIssuer): string {
  return `${issuer.brokerName}, courtier en assurance, ORIAS n° ${issuer.brokerOrias} · Assureur\u00a0: ${issuer.insurerName}`;
}

/** A document titled `title` in the frame's skin, with the shared header and footer. */
export function openDocument(
  { skin, issuer, Pdf }: DocumentFrame,
  { title, subject, reference }: { title: string; subject: string; reference: string },
): TaggedPdf {
  return new Pdf({
    title,
    subject,
    skin,
    footer: `${skin.brand} · ${title} · ${reference}`,
    issuedBy: issuedByLine(issuer),
  });
}

export function issuedLine(now: Date): string {
  return `Document établi le ${formatReceivedAt(now.toISOString())} (heure de Paris) depuis Espace Assuré.`;
}

export const fullName = (d: { firstName: string; lastName: string }) =>
  `${d.firstName} ${d.lastName}`;
