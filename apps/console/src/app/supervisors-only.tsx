// The supervisors' screens (Journal, Équipe: their API answers 403 to an agent). The navigation
// offers them to supervisors only (layout.tsx); an agent who reaches one by its address reads, in
// plain words under the page's title, that it is the supervisors', with a way back, and gets
// none of its controls (no filters, no export, no account form) and no call to its API. The
// role is the one the server answered (GET /backoffice/api/me, lib/staff.ts), never one kept
// by the browser.
import { Link, Outlet, useMatches } from 'react-router';
import { paths } from '../lib/paths';
import { isSupervisor, useStaff } from '../lib/staff';

const SUPERVISORS_ONLY_TEXT =
  'Cette page est réservée aux superviseurs. Votre compte est un compte de conseiller\u00a0: demandez à un superviseur si vous avez besoin de ce qu’elle contient.';

export function SupervisorsOnly() {
  const staff = useStaff();
  const title = (
    useMatches().findLast((m) => (m.handle as { title?: string } | undefined)?.title)?.handle as
      { title: string } | undefined
  )?.title;
  if (isSupervisor(staff)) return <Outlet />;
  return (
    <>
      <h1>{title}</h1>
      <p className="feedback feedback--info" data-testid="supervisors-only">
        {SUPERVISORS_ONLY_TEXT}
      </p>
      <p>
        <Link to={paths.inbox}>Revenir aux demandes</Link>
      </p>
    </>
  );
}
