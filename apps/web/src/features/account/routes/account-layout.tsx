// docs/product/account.md /account: the heading 'Mon Compte', the sub-navigation, and the chosen section.
import { Outlet } from 'react-router';
import { AccountNav } from '../components/account-nav';
import { ACCOUNT_TEXTS } from '../texts';
import './account-layout.css';

export function Component() {
  return (
    <div className="account">
      <h1>{ACCOUNT_TEXTS.title}</h1>
      <AccountNav />
      <div className="account__section">
        <Outlet />
      </div>
    </div>
  );
}
