// docs/product/account.md /account/communication: one
// checkbox showing `commercialConsent`; each change is saved at once (the server keeps it with
// its date in the consent history) with the withdrawal text of docs/product/account.md or a short
// acknowledgement, and 'Erreur de fichier interne' on failure (the box shows the saved value).
// Saving does not move focus: the box keeps it and the outcome is announced in a status region
// beside it, not in a banner at the top (docs/decisions/0042-consent-saved-in-place.md).
import { ACCOUNT_SECURITY_MESSAGES } from '@espace/contract';
import { useState } from 'react';
import { useAccount } from '../../../api/get-account';
import { useActionLifecycle } from '../../../components/action/use-action-lifecycle';
import { Loading } from '../../../components/loading';
import { useSetConsent } from '../api/set-consent';
import { SECURITY_TEXTS } from '../security-texts';
import '../account-security.css';

const t = SECURITY_TEXTS.communication;
const { banners } = ACCOUNT_SECURITY_MESSAGES;

export function Component() {
  const account = useAccount();
  const mutation = useSetConsent();
  // What the customer just chose, set in the event itself: the box must not flick back to the
  // old value for the render before the mutation reports itself pending.
  const [chosen, setChosen] = useState<boolean | undefined>();
  // The outcome read out beside the box (role=status); no banner, no focus move (WCAG 3.2.2).
  const [saved, setSaved] = useState('');
  const save = useActionLifecycle(mutation, {
    banners: { success: () => null, error: banners.consent.error },
    onSuccess: (_, consent) =>
      setSaved(`${t.saved} ${consent ? banners.consent.given : banners.consent.withdrawn}`),
    onError: () => setSaved(''),
  });
  if (!account.data) return <Loading />;
  const checked = chosen ?? account.data.commercialConsent;
  return (
    <section className="card account-security" aria-labelledby="communication-title">
      <h2 id="communication-title">{t.title}</h2>
      <p>{t.lead}</p>
      <div className="form-field form-field--checkbox">
        <input
          id="commercial-consent"
          type="checkbox"
          checked={checked}
          // Not `disabled` while saving: a disabled box loses focus. A change then is ignored.
          aria-disabled={mutation.isPending || undefined}
          onChange={(event) => {
            if (mutation.isPending) return;
            setSaved('');
            setChosen(event.target.checked);
            // Success has put the saved value in the account; failure shows it again.
            void save.run(event.target.checked).finally(() => setChosen(undefined));
          }}
        />
        <label htmlFor="commercial-consent">{t.consent}</label>
      </div>
      <p role="status" className="account-security__status">
        {saved}
      </p>
    </section>
  );
}
