import { useId, useState } from 'react';
import { formatIbanGroups, maskIban, type PaymentDetails } from '@espace/contract';
import { useTakenOver } from '../../../lib/taken-over';
import './payment-details.css';

/** docs/product/changes.md: the collapsible payment-details block (account holder, BIC, IBAN). */
export function PaymentDetailsBlock({ details }: { details: PaymentDetails }) {
  const [open, setOpen] = useState(false);
  // Masked until asked for (country code and last four characters shown).
  const [revealed, setRevealed] = useState(false);
  const { bic, iban } = details.bankAccount;
  const id = useId();
  // Both buttons are the script's: inert on the page the server drew until it runs.
  const takenOver = useTakenOver();
  return (
    <div className="payment-details">
      <button
        type="button"
        className="disclosure"
        aria-expanded={open}
        aria-controls={id}
        disabled={!takenOver}
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
        {bic?.trim() && (
          <div>
            <dt>BIC</dt>
            <dd>{bic}</dd>
          </div>
        )}
        <div>
          <dt>IBAN</dt>
          <dd className="payment-details__iban">
            <span className="iban" data-testid="iban">
              {(revealed ? formatIbanGroups(iban) : maskIban(iban)).split(' ').map((group, i) => (
                <span key={i}>
                  {i > 0 && ' '}
                  <span className="nowrap">{group}</span>
                </span>
              ))}
            </span>
            <button
              type="button"
              className="button button--secondary payment-details__reveal"
              disabled={!takenOver}
              onClick={() => setRevealed(!revealed)}
            >
              {revealed ? 'Masquer l’IBAN' : 'Afficher l’IBAN'}
            </button>
          </dd>
        </div>
      </dl>
    </div>
  );
}
