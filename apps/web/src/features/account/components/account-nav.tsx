// docs/product/account.md: the sub-navigation of 'Mon compte'. A named <nav> whose current entry carries
// aria-current="page"; 'Adresse' is current on /account too, which shows the address section.
import { Link, useLocation } from 'react-router';
import { paths } from '../../../lib/paths';
import { ACCOUNT_TEXTS } from '../texts';
import './account-nav.css';

const ENTRIES = [
  { to: paths.accountAddress, label: ACCOUNT_TEXTS.nav.address, also: paths.account },
  { to: paths.accountRequests, label: ACCOUNT_TEXTS.nav.requests },
  { to: paths.accountPassword, label: ACCOUNT_TEXTS.nav.password },
  { to: paths.accountSecurity, label: ACCOUNT_TEXTS.nav.security },
  { to: paths.accountData, label: ACCOUNT_TEXTS.nav.data },
  { to: paths.accountCommunication, label: ACCOUNT_TEXTS.nav.communication },
  { to: paths.accountDelete, label: ACCOUNT_TEXTS.nav.accountDelete },
] as const;

const withoutTrailingSlash = (path: string) => path.replace(/(.)\/+$/, '$1');

export function AccountNav() {
  const pathname = withoutTrailingSlash(useLocation().pathname);
  return (
    <nav className="account-nav" aria-label={ACCOUNT_TEXTS.navLabel}>
      <ul>
        {ENTRIES.map((entry) => {
          const current = pathname === entry.to || ('also' in entry && pathname === entry.also);
          return (
            <li key={entry.to}>
              <Link to={entry.to} aria-current={current ? 'page' : undefined}>
                {entry.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
