// Every screen's frame: a skip link, the header (the console's name, who is signed in and their
// role, « Mon compte », « Se déconnecter »), the navigation (Journal and Équipe for supervisors
// only: the role is the server's, GET /me) and the main region the route announcer focuses.
import { STAFF_ROLE_LABELS } from '@espace/contract';
import { Suspense } from 'react';
import { NavLink, Outlet } from 'react-router';
import { signOut } from '../api/sign-out';
import { Loading } from '../components/loading';
import { useRouteAnnouncer } from '../components/route-announcer';
import { paths } from '../lib/paths';
import { isSupervisor, useStaff } from '../lib/staff';

export function Layout() {
  const staff = useStaff();
  useRouteAnnouncer();
  const links = [
    { to: paths.inbox, label: 'Demandes', end: true },
    { to: paths.messages, label: 'Messages', end: false },
    { to: paths.complaints, label: 'Réclamations', end: false },
    { to: paths.customers, label: 'Clients', end: false },
    ...(isSupervisor(staff)
      ? [
          { to: paths.dashboard, label: 'Tableau de bord', end: false },
          { to: paths.audit, label: 'Journal', end: false },
          { to: paths.team, label: 'Équipe', end: false },
        ]
      : []),
  ];
  return (
    <>
      <a className="skip-link" href="#main">
        Aller au contenu
      </a>
      <header className="console-header">
        <div className="container console-header__bar">
          <p className="console-header__name">
            <span className="console-header__logo" aria-hidden="true" />
            Console du courtier
          </p>
          <div className="console-header__who">
            <p>
              <span className="console-header__staff">{staff.displayName}</span>{' '}
              <span className="role">{STAFF_ROLE_LABELS[staff.role]}</span>
            </p>
            <NavLink to={paths.account} className="console-header__account">
              Mon compte
            </NavLink>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => void signOut()}
            >
              Se déconnecter
            </button>
          </div>
        </div>
        <nav className="console-nav" aria-label="Menu principal">
          <ul className="container">
            {links.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.end}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main id="main" className="container" tabIndex={-1}>
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </main>
    </>
  );
}
