// The documents the portal generates from the contract on request (issue 16), listed in the
// 'Téléchargement' tab beside the stored documents and downloaded with the same call
// (GET …/document/{documentId}, where the id is one of these instead of a stored document's).
// - the Mémo Véhicule Assuré (the proof of insurance since the green card ended in April 2024)
//   and the insurance certificate: for a policy that is not terminated;
// - the relevé d'informations (Code des assurances A121-1): for every policy.
// They are drawn in the skin the customer sees (`brand`, the two skins of the portal).
import { z } from 'zod';

export const GENERATED_DOCUMENT_KINDS = ['memo', 'certificate', 'statement'] as const;
export type GeneratedDocumentKind = (typeof GENERATED_DOCUMENT_KINDS)[number];

export interface GeneratedDocumentInfo {
  /** The document id in the download path. */
  id: string;
  title: string;
  /** Only for a policy that is not terminated. */
  activeOnly: boolean;
}

export const GENERATED_DOCUMENTS: Record<GeneratedDocumentKind, GeneratedDocumentInfo> = {
  memo: { id: 'memo-vehicule-assure', title: 'Mémo Véhicule Assuré', activeOnly: true },
  certificate: { id: 'attestation-assurance', title: 'Attestation d’assurance', activeOnly: true },
  statement: { id: 'releve-informations', title: 'Relevé d’informations', activeOnly: false },
};

/** The file name a generated document is downloaded under. */
export function generatedDocumentFileName(kind: GeneratedDocumentKind, policyNumber: string) {
  return `${GENERATED_DOCUMENTS[kind].title} ${policyNumber}.pdf`;
}

export function generatedDocumentKind(documentId: string): GeneratedDocumentKind | undefined {
  return GENERATED_DOCUMENT_KINDS.find((kind) => GENERATED_DOCUMENTS[kind].id === documentId);
}

/** The portal's two brand skins (apps/web/public/brand); Lumen is the default. */
export const BRAND_KEYS = ['lumen', 'vireo'] as const;
export type BrandKey = (typeof BRAND_KEYS)[number];

/** The download call's query: the skin a generated document is drawn in (stored files ignore it). */
export const documentDownloadQuerySchema = z.object({
  brand: z.enum(BRAND_KEYS, { error: 'Habillage inconnu.' }).default('lumen'),
});
