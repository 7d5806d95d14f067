import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import '../../../components/banner/banner.css';
import './documents-banner.css';

/** SPEC §2: the outstanding-documents warning with the remaining days (SPEC §4). */
export function DocumentsBanner({ remainedDays }: { remainedDays: number }) {
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
      </div>
      <Link className="button" to={paths.documentsTab(1)}>
        Transmettre les documents
      </Link>
    </section>
  );
}
