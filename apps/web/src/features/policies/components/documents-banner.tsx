import { owedDocumentsDelay } from '@espace/contract';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import '../../../components/banner/banner.css';
import './documents-banner.css';

/**
 * docs/product/policies.md « The owed-documents banner »: the outstanding-documents warning with
 * the days left (the broker's deadline or the 30-day rule: unfulfilledDocuments), worded by the
 * contract's owedDocumentsDelay (a day, days, or the deadline passed).
 */
export function DocumentsBanner({
  remainedDays,
  policyNumbers,
}: {
  remainedDays: number;
  /** The contracts that owe documents (the banner names them). */
  policyNumbers: readonly string[];
}) {
  const delay = owedDocumentsDelay(remainedDays);
  return (
    <section
      className="banner banner--warn documents-banner"
      aria-labelledby="documents-banner-title"
    >
      <div>
        <h2 id="documents-banner-title">Documents à transmettre</h2>
        <p>
          {delay.before}
          <strong>{delay.emphasis}</strong>
          {delay.after}
        </p>
        {policyNumbers.length > 0 && (
          <p data-testid="documents-banner-policies">
            {policyNumbers.length > 1 ? 'Contrats concernés' : 'Contrat concerné'}
            {'\u00a0'}: {policyNumbers.map((n) => `n°\u00a0${n}`).join(', ')}
          </p>
        )}
      </div>
      <Link className="button" to={paths.documentsTab(1)}>
        Transmettre les documents
      </Link>
    </section>
  );
}
