// SPEC §2 /account/password, /account/communication, /account/accountDelete arrive with a later
// issue; until then each says so and how customer service does it meanwhile (never a dead end).
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { COMING_SOON_TEXTS } from '../texts';
import './coming-soon.css';

export function ComingSoon({ title, what }: { title: string; what: string }) {
  return (
    <section className="card coming-soon" aria-labelledby="coming-soon-title">
      <h2 id="coming-soon-title">{title}</h2>
      <p>{what}</p>
      <p>{COMING_SOON_TEXTS.lead}</p>
      <p>
        {COMING_SOON_TEXTS.meanwhile}{' '}
        <Link to={paths.contact}>{COMING_SOON_TEXTS.contactLink}</Link>.
      </p>
    </section>
  );
}
