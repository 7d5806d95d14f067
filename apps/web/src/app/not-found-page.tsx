import { Link } from 'react-router';
import { paths } from '../lib/paths';

export function Component() {
  return (
    <section aria-labelledby="not-found-title">
      <h1 id="not-found-title">Page introuvable</h1>
      <p>L’adresse demandée n’existe pas ou n’est plus disponible.</p>
      <p>
        <Link to={paths.home}>Retourner à mes polices d’assurance</Link>
      </p>
    </section>
  );
}
