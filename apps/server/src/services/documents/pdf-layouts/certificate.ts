// The insurance certificate (docs/product/documents.md#generated-documents). Only for an
// « Actif » policy (docs/decisions/0048-suspended-contracts-documents.md).
import { formatDate, GENERATED_DOCUMENTS } from '@espace/contract';
import { currentPeriod } from './contract-data';
import { fullName, issuedLine, openDocument, type DocumentContext } from './layout';

export function renderCertificate(context: DocumentContext): Promise<Buffer> {
  const { data, now, today, issuer } = context;
  const period = currentPeriod(data.startDate, today);
  const v = data.vehicle;
  return openDocument(context, {
    title: GENERATED_DOCUMENTS.certificate.title,
    subject: `Contrat n° ${data.policyNumber}, ${v.licensePlate}`,
    reference: `contrat n° ${data.policyNumber}`,
  })
    .paragraph(
      `${issuer.insurerName}, par l’intermédiaire de ${issuer.brokerName}, atteste que ${fullName(data.subscriber)} est titulaire d’un contrat d’assurance automobile satisfaisant à l’obligation d’assurance (article L211-1 du Code des assurances) pour le véhicule ci-dessous, pendant la période indiquée.`,
    )
    .fields([
      ['Souscripteur', fullName(data.subscriber)],
      ['N° client', data.subscriber.customerId],
      ['Contrat n°', data.policyNumber],
      ['Véhicule', `${v.manufacturer} ${v.model}`],
      ['Immatriculation', v.licensePlate],
      ['Formule de garantie', v.formula],
      ['Garanties', data.guarantees.join(', ')],
      ['Date d’effet du contrat', formatDate(data.startDate)],
      ['Période de validité', `du ${formatDate(period.from)} au ${formatDate(period.to)}`],
      ['Assureur', issuer.insurerName],
      ['Intermédiaire (courtier)', `${issuer.brokerName}, ${issuer.brokerAddress}`],
    ])
    .paragraph(
      'Cette attestation ne vaut que pour la période indiquée et sous réserve du paiement des cotisations.',
    )
    .paragraph(issuedLine(now))
    .finish();
}
