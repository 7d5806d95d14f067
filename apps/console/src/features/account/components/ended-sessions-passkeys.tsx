// « Mon compte »: the passkeys the sessions a password change ended had added
// (docs/decisions/0141-every-sign-in-mails-its-new-device.md), as the portal's « Sécurité »
// lists them. Ending a session does not remove them, and they still stand for the second factor:
// so they are listed under the password form as « Clés d’accès » lists them (passkeys-section.tsx:
// when added and last used, « Supprimer » named after the key), « Supprimer ces N clés d’accès » when there are several, and
// « Conserver … », which closes the list. A removal's outcome is the section's feedback, which
// takes the focus; the keys removed leave the list, and « Clés d’accès » below with it.
import { PASSKEY_MESSAGES, SESSION_MESSAGES, type Passkey } from '@espace/contract';
import { useState } from 'react';
import { Feedback, type FeedbackState } from '../../../components/feedback';
import { useRemovePasskey, useRemovePasskeys } from '../api/passkeys';
import { PasskeyItem } from './passkeys-section';

const t = SESSION_MESSAGES.addedPasskeys;

export function EndedSessionsPasskeys(props: {
  passkeys: Passkey[];
  /** The keys `ids` are removed: the list drops them. */
  onRemoved(ids: string[]): void;
  /** « Conserver … »: the list closes. */
  onKeep(): void;
}) {
  const { passkeys } = props;
  const one = useRemovePasskey();
  const all = useRemovePasskeys();
  const [feedback, setFeedback] = useState<FeedbackState | null>(null);
  const pending = one.isPending || all.isPending;
  const removeOne = (id: string) =>
    one.mutate(id, {
      onSuccess: () => {
        setFeedback({ kind: 'success', text: PASSKEY_MESSAGES.banners.remove.success });
        props.onRemoved([id]);
      },
      onError: () => setFeedback({ kind: 'error', text: PASSKEY_MESSAGES.banners.remove.error }),
    });
  const { removeAddedPasskeys: banners } = SESSION_MESSAGES.banners;
  const removeAll = () =>
    all.mutate(
      passkeys.map((p) => p.id),
      {
        onSuccess: (ids) => {
          setFeedback({ kind: 'success', text: banners.success });
          props.onRemoved(ids);
        },
        onError: () => setFeedback({ kind: 'error', text: banners.error }),
      },
    );
  return (
    <section className="card stack narrow added-passkeys" aria-labelledby="added-passkeys-title">
      <h2 id="added-passkeys-title">{t.title}</h2>
      <Feedback state={feedback} />
      {passkeys.length ? (
        <>
          <p>{t.lead}</p>
          <ul className="passkeys" aria-labelledby="added-passkeys-title">
            {passkeys.map((passkey) => (
              <PasskeyItem
                key={passkey.id}
                passkey={passkey}
                pending={pending}
                onRemove={() => removeOne(passkey.id)}
              />
            ))}
          </ul>
          <div className="actions">
            {passkeys.length > 1 ? (
              <button type="button" className="button" disabled={pending} onClick={removeAll}>
                {t.removeAll(passkeys.length)}
              </button>
            ) : null}
            <button
              type="button"
              className="button button--secondary"
              disabled={pending}
              onClick={props.onKeep}
            >
              {t.keep(passkeys.length)}
            </button>
          </div>
        </>
      ) : null}
    </section>
  );
}
