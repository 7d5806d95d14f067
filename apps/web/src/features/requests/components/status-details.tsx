// What a status carries besides its message, in French (docs/product/requests.md « Les
// statuts »): the document the broker waits for, with a link to « Documents à fournir » where
// the customer sends it; a claim's expertise (date, expert), garage, and settlement (amount and
// franchise in euros, fr-FR).
import { formatDate, formatMoney, type StatusDetails as Details } from '@espace/contract';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { REQUEST_DETAIL_TEXTS as t } from '../texts';

export function StatusDetails({ details }: { details: Details | null }) {
  if (!details) return null;
  const { document, expertise, repair, settlement } = details;
  return (
    <>
      {document && (
        <p className="request-status__detail">
          {t.expected(document.name)}
          {document.dueOn && <>, {t.dueOn(formatDate(document.dueOn))}</>}.{' '}
          <Link to={paths.documentsTab(1)}>{t.documentsLink}</Link>
        </p>
      )}
      {expertise && (
        <p className="request-status__detail">
          {t.expertise(formatDate(expertise.date), expertise.expert)}.
        </p>
      )}
      {repair && <p className="request-status__detail">{t.garage(repair.garage)}.</p>}
      {settlement && (
        <p className="request-status__detail">
          {t.settlement(formatMoney(settlement.amount), formatMoney(settlement.franchise))}.
        </p>
      )}
    </>
  );
}
