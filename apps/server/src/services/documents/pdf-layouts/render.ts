// The documents generated from the contract on request (docs/product/documents.md#generated-documents;
// ids and titles in the contract's generated-documents.ts): the Mémo Véhicule Assuré and the
// insurance certificate of an « Actif » policy, the relevé d'informations of any policy.
// Enforces: a generated document is listed only when the policy may have it (a terminated or
// suspended policy has only its relevé: docs/decisions/0048-suspended-contracts-documents.md).
// The data is read by contract-data.ts, each layout is its own file, all drawn by layout.ts.
import {
  certifiesInsuranceToday,
  GENERATED_DOCUMENTS,
  generatedDocumentFileName,
  todayInParis,
  type BrandKey,
  type DownloadedDocument,
  type GeneratedDocumentKind,
} from '@espace/contract';
import { renderCertificate } from './certificate';
import type { ContractData, DocumentIssuer } from './contract-data';
import { documentFrame } from './layout';
import { renderMemo } from './memo';
import { renderStatement } from './statement';

/** Whether a policy in `state` has the generated document `kind`. */
export function offersGeneratedDocument(kind: GeneratedDocumentKind, policy: { state: string }) {
  return !GENERATED_DOCUMENTS[kind].activeOnly || certifiesInsuranceToday(policy);
}

/** The generated documents a policy offers, as the download list shows them. */
export function generatedDocumentsOf(
  policy: { policy_number: string; state: string },
  now: Date,
): DownloadedDocument[] {
  return (Object.keys(GENERATED_DOCUMENTS) as GeneratedDocumentKind[])
    .filter((kind) => offersGeneratedDocument(kind, policy))
    .map((kind) => ({
      id: GENERATED_DOCUMENTS[kind].id,
      fileName: generatedDocumentFileName(kind, policy.policy_number),
      created: now.toISOString(),
    }));
}

const LAYOUTS = { memo: renderMemo, certificate: renderCertificate, statement: renderStatement };

/** The PDF of one generated document of a policy (already known to be the caller's). */
export async function renderContractDocument(
  kind: GeneratedDocumentKind,
  data: ContractData,
  {
    issuer,
    now = new Date(),
    brand = 'lumen',
  }: { issuer: DocumentIssuer; now?: Date; brand?: BrandKey },
): Promise<Buffer> {
  const frame = await documentFrame(brand, issuer, now);
  return LAYOUTS[kind]({ ...frame, data, today: todayInParis(now) });
}
