import { COPYRIGHT_START_YEAR, isTerminated, TERMINATION_ENTRY } from '@espace/contract';
import { Link } from 'react-router';
import { usePolicies } from '../../api/get-policies';
import { AssistanceCall } from '../../components/assistance/assistance-call';
import { BrandName } from '../../components/brand/brand-name';
import { paths } from '../../lib/paths';
import { useToday } from '../../lib/today';
import './footer.css';

const LINKS = [
  { to: paths.rules, label: 'Règles du site' },
  { to: paths.generalConditions, label: 'Conditions générales d’utilisation' },
  { to: paths.personalInformation, label: 'Protection des données personnelles' },
  { to: paths.cookies, label: 'Gestion des cookies' },
  { to: paths.accessibility, label: 'Accessibilité\u00a0: partiellement conforme' },
] as const;

/** docs/product/README.md: termination reachable from the footer, for the first policy still in force. */
function TerminationLink() {
  const { data } = usePolicies();
  const first = data?.policies.find((p) => !isTerminated(p));
  if (!first) return null;
  return (
    <li>
      <Link to={paths.contractTermination(first.policyNumber)}>{TERMINATION_ENTRY}</Link>
    </li>
  );
}

export function Footer() {
  // The year in Paris, as the server drew it (lib/today.tsx).
  const year = useToday().slice(0, 4);
  return (
    <footer className="site-footer">
      <div className="container">
        <AssistanceCall className="site-footer__assistance" />
        <nav aria-label="Informations légales">
          <ul>
            {LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
            <TerminationLink />
          </ul>
        </nav>
        <p className="site-footer__copyright">
          © {COPYRIGHT_START_YEAR}–{year} <BrandName /> · Courtage Horizon SAS, intermédiaire en
          assurance
        </p>
      </div>
    </footer>
  );
}
