// The customer's second factor on their file (docs/console.md « Clients »): whether a code is asked
// at their password sign-ins, and, for a supervisor, turning it off when the customer lost both
// their app and their recovery codes, after a confirmation that says what it does.
import { useState } from 'react';

export function SecondFactorReset({
  canReset,
  pending,
  onReset,
}: {
  canReset: boolean;
  pending: boolean;
  /** Turns it off; resolves once done. */
  onReset: () => Promise<unknown>;
}) {
  const [confirming, setConfirming] = useState(false);
  if (!canReset) return null;
  if (!confirming)
    return (
      <p>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => setConfirming(true)}
        >
          Désactiver la double authentification
        </button>
      </p>
    );
  return (
    <div className="card stack" role="group" aria-labelledby="second-factor-reset-title">
      <h2 id="second-factor-reset-title">Désactiver la double authentification</h2>
      <p>
        À faire seulement à la demande du client, après avoir vérifié son identité, s’il a perdu son
        application et ses codes de secours. Son mot de passe suffira de nouveau pour se connecter
        {'\u00a0'}; il en est prévenu par e-mail.
      </p>
      <div className="actions">
        <button
          type="button"
          className="button"
          disabled={pending}
          onClick={() =>
            onReset().then(
              () => setConfirming(false),
              () => undefined,
            )
          }
        >
          Confirmer la désactivation
        </button>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => setConfirming(false)}
        >
          Annuler
        </button>
      </div>
    </div>
  );
}
