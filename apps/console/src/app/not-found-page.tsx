import { Link } from 'react-router';
import { paths } from '../lib/paths';

export function Component() {
  return (
    <>
      <h1>Page introuvable</h1>
      <p>
        Cette adresse ne correspond à aucune page de la console.{' '}
        <Link to={paths.inbox}>Revenir aux demandes</Link>
      </p>
    </>
  );
}
