// The documents the portal generates from the contract on request, listed in the
// 'Téléchargement' tab beside the stored documents and downloaded with the same call
// (GET …/document/{documentId}, where the id is one of these instead of a stored document's).
// - the Mémo Véhicule Assuré (the proof of insurance since the green card ended in April 2024)
//   and the insurance certificate: only for an « Actif » policy, since they certify that the
//   vehicle is insured today (docs/decisions/0048-suspended-contracts-documents.md);
// - the relevé d'informations (Code des assurances A121-1): for every policy.
// They are drawn in the skin the customer sees (`brand`, the two skins of the portal).
import { z } from '../shared/zod';
import { type Policy } from '../policies/policy';
import { POLICY_STATES } from '../policies/policy-values';

export const GENERATED_DOCUMENT_KINDS = ['memo', 'certificate', 'statement'] as const;
export type GeneratedDocumentKind = (typeof GENERATED_DOCUMENT_KINDS)[number];

export interface GeneratedDocumentInfo {
  /** The document id in the download path. */
  id: string;
  title: string;
  /** Only for an « Actif » policy (certifiesInsuranceToday). */
  activeOnly: boolean;
}

export const GENERATED_DOCUMENTS: Record<GeneratedDocumentKind, GeneratedDocumentInfo> = {
  memo: { id: 'memo-vehicule-assure', title: 'Mémo Véhicule Assuré', activeOnly: true },
  certificate: { id: 'attestation-assurance', title: 'Attestation d’assurance', activeOnly: true },
  statement: { id: 'releve-informations', title: 'Relevé d’informations', activeOnly: false },
};

/** Whether the policy's documents may certify that the vehicle is insured today. */
export function certifiesInsuranceToday(policy: Pick<Policy, 'state'>): boolean {
  return policy.state === POLICY_STATES.active;
}

/** Why a suspended policy has no Mémo nor certificate: the server's 409 and the screen's note. */
export const SUSPENDED_DOCUMENTS_MESSAGE =
  'Ce contrat est suspendu\u00a0: le véhicule n’est pas assuré aujourd’hui. Le Mémo Véhicule Assuré et l’attestation d’assurance ne sont délivrés que pour un contrat actif\u00a0; le relevé d’informations reste disponible.';

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

/** The skin a PDF the server draws is drawn in: the download of a generated document, the
 * termination request (its receipt). Stored files ignore it. */
export const brandQuerySchema = z.object({
  brand: z.enum(BRAND_KEYS, { error: 'Habillage inconnu.' }).default('lumen'),
});
