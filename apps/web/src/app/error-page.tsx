import { MESSAGES } from '@espace/contract';
import { Link, useNavigate } from 'react-router';
import { paths } from '../lib/paths';
import './error-page.css';

/** docs/product/README.md error page: shown on rendering crashes and on policy or account load errors. */
export function ErrorPage() {
  const navigate = useNavigate();
  return (
    <section className="error-page" aria-labelledby="error-title">
      <h1 id="error-title">{MESSAGES.unavailablePage}</h1>
      <p>
        La page demandée n’a pas pu être affichée. Vous pouvez réessayer dans quelques instants.
      </p>
      <ul className="error-page__links">
        <li>
          <button type="button" className="button" onClick={() => navigate(-1)}>
            Revenir à la page précédente
          </button>
        </li>
        <li>
          <Link to={paths.rules}>Consulter les règles du site</Link>
        </li>
      </ul>
    </section>
  );
}

export function RouteErrorPage() {
  return <ErrorPage />;
}
