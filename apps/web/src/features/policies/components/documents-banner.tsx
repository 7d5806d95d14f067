import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import '../../../components/banner/banner.css';
import './documents-banner.css';

/** docs/product/documents.md: the outstanding-documents warning with the remaining days (docs/product/documents.md). */
export function DocumentsBanner({
  remainedDays,
  policyNumbers,
}: {
  remainedDays: number;
  /** The contracts that owe documents (the banner names them). */
  policyNumbers: readonly string[];
}) {
  return (
    <section
      className="banner banner--warn documents-banner"
      aria-labelledby="documents-banner-title"
    >
      <div>
        <h2 id="documents-banner-title">Documents à transmettre</h2>
        <p>
          Merci de nous transmettre en ligne les documents demandés dans un délai de{' '}
          <strong>
            {remainedDays} jour{remainedDays > 1 ? 's' : ''}
          </strong>
          .
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
