// The page heading of 'Mon compte' (SPEC §2) around a section, until the account shell with its
// sub-navigation replaces this frame (see security-routes.ts).
import { Outlet } from 'react-router';

export function Component() {
  return (
    <div className="account">
      <h1>Mon Compte</h1>
      <Outlet />
    </div>
  );
}
