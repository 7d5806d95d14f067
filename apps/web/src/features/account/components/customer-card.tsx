// What the portal knows of the customer (docs/product/account.md "Account"), above the addresses.
import type { Account } from '@espace/contract';
import { ACCOUNT_TEXTS } from '../texts';
import './account-fields.css';
import './address-card.css';

const { customer: TEXTS } = ACCOUNT_TEXTS;

export function CustomerCard({ account }: { account: Account }) {
  return (
    <section className="card account-card" aria-labelledby="customer-title">
      <h2 id="customer-title">{TEXTS.title}</h2>
      <dl className="account-fields">
        <div>
          <dt>{TEXTS.name}</dt>
          <dd>
            {account.firstName} {account.lastName}
          </dd>
        </div>
        <div>
          <dt>{TEXTS.email}</dt>
          <dd className="account-card__email">{account.email}</dd>
        </div>
        <div>
          <dt>{TEXTS.phone}</dt>
          <dd>{account.phoneNumber}</dd>
        </div>
      </dl>
    </section>
  );
}
