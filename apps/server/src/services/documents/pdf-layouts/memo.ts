// The Mémo Véhicule Assuré (docs/product/documents.md#generated-documents): the proof of
// insurance a police check asks for since the green card ended in April 2024. Only for an
// « Actif » policy (docs/decisions/0048-suspended-contracts-documents.md).
import { formatDate, GENERATED_DOCUMENTS, PHONE_NUMBERS } from '@espace/contract';
import { currentPeriod } from './contract-data';
import { issuedLine, openDocument, type DocumentContext } from './layout';

/** The assistance line: the contract's number (docs/product/claims.md), as the portal shows it. */
export const ASSISTANCE_PHONE = `${PHONE_NUMBERS.assistance} (24 h/24, 7 j/7)`;

export function renderMemo(context: DocumentContext): Promise<Buffer> {
  const { data, now, today, issuer } = context;
  const period = currentPeriod(data.startDate, today);
  const v = data.vehicle;
  return openDocument(context, {
    title: GENERATED_DOCUMENTS.memo.title,
    subject: `Contrat n° ${data.policyNumber}, ${v.licensePlate}`,
    reference: `contrat n° ${data.policyNumber}`,
  })
    .paragraph(
      'Ce mémo rappelle que le véhicule ci-dessous est assuré et inscrit au Fichier des Véhicules Assurés (FVA). Depuis le 1er avril 2024, la carte verte n’est plus délivrée\u00a0: lors d’un contrôle, les forces de l’ordre vérifient l’assurance à partir de l’immatriculation.',
    )
    .heading('Votre véhicule assuré')
    .fields([
      ['Assureur', issuer.insurerName],
      ['Intermédiaire (courtier)', `${issuer.brokerName}, ${issuer.brokerAddress}`],
      ['Contrat n°', data.policyNumber],
      ['Immatriculation', v.licensePlate],
      ['Marque et modèle', `${v.manufacturer} ${v.model}`],
      ['Période de validité', `du ${formatDate(period.from)} au ${formatDate(period.to)}`],
      ['Formule de garantie', v.formula],
      ['Assistance', ASSISTANCE_PHONE],
    ])
    .heading('En cas d’accident')
    .list([
      'Mettez-vous en sécurité\u00a0: feux de détresse, gilet de haute visibilité, triangle. En cas de blessé, appelez le 112.',
      'Remplissez un constat amiable avec l’autre conducteur (papier ou application e-constat auto), signé des deux parties.',
      `Si votre véhicule ne peut plus rouler, appelez l’assistance au ${ASSISTANCE_PHONE}.`,
      `Déclarez le sinistre dans les 5 jours ouvrés à ${issuer.brokerName}, depuis votre Espace Assuré ou par courrier, en joignant le constat.`,
    ])
    .paragraph(issuedLine(now))
    .finish();
}
