// docs/product/account.md /account: the heading 'Mon Compte', the sub-navigation, and the chosen
// section, inside the step-up's provider (components/step-up.tsx) its security writes ask.
import { Outlet } from 'react-router';
import { AccountNav } from '../components/account-nav';
import { StepUpProvider } from '../components/step-up';
import { ACCOUNT_TEXTS } from '../texts';
import './account-layout.css';

export function Component() {
  return (
    <div className="account">
      <h1>{ACCOUNT_TEXTS.title}</h1>
      <AccountNav />
      <div className="account__section">
        <StepUpProvider>
          <Outlet />
        </StepUpProvider>
      </div>
    </div>
  );
}
