// The end of the sign-out that follows an account deletion (docs/product/account.md « Account
// deletion », docs/decisions/0041-account-deletion-recap.md): a public page outside the
// signed-in shell, reached by the provider's second post-logout redirect. The account no longer
// signs in, so there is no « Se reconnecter »: the customer-service number (the contact page's)
// is the way to reach the broker about the contracts, which stay in force.
import { CUSTOMER_SERVICE_HOURS, PHONE_NUMBERS, telHref } from '@espace/contract';
import './logged-out-page.css';

export const ACCOUNT_DELETED_TEXTS = {
  title: 'Votre compte a été supprimé',
  lead: 'Votre accès en ligne à l’Espace Assuré est supprimé et vous êtes déconnecté(e).',
  contracts:
    'Vos contrats d’assurance ne sont pas résiliés. Pour toute question sur vos contrats, vos documents ou vos demandes, appelez notre service client\u00a0:',
} as const;

export function AccountDeletedPage() {
  return (
    <main className="logged-out account-deleted card">
      <span className="brand-logo logged-out__logo" aria-hidden="true" />
      <h1>{ACCOUNT_DELETED_TEXTS.title}</h1>
      <p>{ACCOUNT_DELETED_TEXTS.lead}</p>
      <p>{ACCOUNT_DELETED_TEXTS.contracts}</p>
      <p className="logged-out__phone">
        <a href={telHref(PHONE_NUMBERS.customerService)}>{PHONE_NUMBERS.customerService}</a>
      </p>
      <p>{CUSTOMER_SERVICE_HOURS}</p>
    </main>
  );
}
