// The relevé d'informations (Code des assurances A121-1, article 12 of the annexed clause;
// docs/decisions/0049-releve-mentions-one-pdf-pipeline.md), for every policy: the subscriber
// (name, birth date, licence number and date), the contract (subscription date, vehicle and
// plate, situation, end date and reason when terminated, the bonus-malus coefficient of the
// last anniversary), each designated driver (birth date, licence number and date), the claims of
// the last 5 years (date, nature, driver, share of responsibility, their number) and the date
// the information was drawn up.
import { formatCrm, formatDate, GENERATED_DOCUMENTS, isTerminated } from '@espace/contract';
import { CLAIMS_YEARS } from './contract-data';
import { fullName, issuedLine, openDocument, type DocumentContext } from './layout';

const NOT_GIVEN = 'Non renseigné';
const dateOrNotGiven = (date: string | null) => (date ? formatDate(date) : NOT_GIVEN);

export function renderStatement(context: DocumentContext): Promise<Buffer> {
  const { data, now, today, issuer } = context;
  const v = data.vehicle;
  const s = data.subscriber;
  const terminated = isTerminated(data);
  const principal = data.drivers.find((d) => d.principal) ?? data.drivers[0];
  const pdf = openDocument(context, {
    title: GENERATED_DOCUMENTS.statement.title,
    subject: `Contrat n° ${data.policyNumber}, ${v.licensePlate}`,
    reference: `contrat n° ${data.policyNumber}`,
  })
    .paragraph(
      `Relevé d’informations établi en application de l’article A121-1 du Code des assurances, par ${issuer.brokerName} pour le compte de ${issuer.insurerName}. Informations arrêtées au ${formatDate(today)}.`,
    )
    .heading('Souscripteur')
    .fields([
      ['Nom', fullName(s)],
      ['Date de naissance', dateOrNotGiven(s.birthDate)],
      [
        'Permis de conduire',
        `n° ${s.licenceNumber ?? NOT_GIVEN}, délivré le ${dateOrNotGiven(s.licenceDate)}`,
      ],
      ['N° client', s.customerId],
      ['Adresse', s.address],
    ])
    .heading('Contrat')
    .fields([
      ['Contrat n°', data.policyNumber],
      ['Date de souscription', formatDate(data.startDate)],
      ['Véhicule', `${v.manufacturer} ${v.model}`],
      ['Immatriculation', v.licensePlate],
      ['Formule de garantie', v.formula],
      [
        'Situation',
        terminated
          ? `Résilié${data.endDate ? ` le ${formatDate(data.endDate)}` : ''}`
          : `En cours (${data.state})`,
      ],
      ...(terminated
        ? ([['Motif de la résiliation', data.endReason ?? 'Non précisé']] as const)
        : []),
      ['Bonus-malus (coefficient CRM)', principal ? formatCrm(principal.crm) : '—'],
    ])
    .heading('Conducteurs désignés')
    .table(
      ['Conducteur', 'Né(e) le', 'Permis n°', 'Délivré le', 'Rôle'],
      data.drivers.map((d) => [
        `${d.salutation} ${d.firstName} ${d.lastName}`,
        formatDate(d.birthDate),
        d.licenceNumber ?? NOT_GIVEN,
        dateOrNotGiven(d.licenceDate),
        d.principal ? 'Principal' : 'Secondaire',
      ]),
      [0.3, 0.15, 0.22, 0.15, 0.18],
    )
    .heading(`Sinistres des ${CLAIMS_YEARS} dernières années`);
  if (data.claims.length === 0) {
    pdf.paragraph(`Aucun sinistre au cours des ${CLAIMS_YEARS} dernières années.`);
  } else {
    pdf.paragraph(`Nombre de sinistres\u00a0: ${data.claims.length}`).table(
      ['Date', 'Nature', 'Conducteur', 'Responsabilité'],
      data.claims.map((c) => [
        formatDate(c.occurredOn),
        c.nature,
        c.driver ?? NOT_GIVEN,
        `${c.responsibility} %`,
      ]),
      [0.15, 0.43, 0.24, 0.18],
    );
  }
  return pdf.paragraph(issuedLine(now)).finish();
}
