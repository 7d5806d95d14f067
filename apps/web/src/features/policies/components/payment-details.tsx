import { formatIbanGroups, type PaymentDetails } from '@espace/contract';
import { useId, useState } from 'react';
import './payment-details.css';

/** SPEC §2: the collapsible payment-details block (account holder, BIC, IBAN). */
export function PaymentDetailsBlock({ details }: { details: PaymentDetails }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div className="payment-details">
      <button
        type="button"
        className="disclosure"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
      >
        Coordonnées bancaires
      </button>
      <dl id={id} className="field-list" hidden={!open}>
        <div>
          <dt>Mode de paiement</dt>
          <dd>{details.paymentMethod}</dd>
        </div>
        <div>
          <dt>Titulaire du compte</dt>
          <dd>{details.bankAccount.ownerName}</dd>
        </div>
        <div>
          <dt>BIC</dt>
          <dd>{details.bankAccount.bic}</dd>
        </div>
        <div>
          <dt>IBAN</dt>
          <dd className="iban">{formatIbanGroups(details.bankAccount.iban)}</dd>
        </div>
      </dl>
    </div>
  );
}
