// 'Mon compte' › « Sécurité »: the passkeys the sessions just closed had added
// (docs/decisions/0141-every-sign-in-mails-its-new-device.md). Closing a session does not remove
// them, and they still sign in: so they are listed under the sessions as « Clés d’accès » lists
// them (passkeys-section.tsx: when added and last used, « Supprimer » named after the key), « Supprimer ces N clés d’accès » when there
// are several, and « Conserver … », which closes the list. A removal's outcome is the banner's,
// which takes the focus; the keys removed leave the list, and « Sécurité › Clés d’accès » with it.
import { PASSKEY_MESSAGES, SESSION_MESSAGES, type Passkey } from '@espace/contract';
import { useActionLifecycle } from '../../../components/action/use-action-lifecycle';
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
  const removeOne = useActionLifecycle(one, {
    banners: PASSKEY_MESSAGES.banners.remove,
    onSuccess: (_data, id) => props.onRemoved([id]),
  });
  const removeAll = useActionLifecycle(all, {
    banners: SESSION_MESSAGES.banners.removeAddedPasskeys,
    onSuccess: (ids) => props.onRemoved(ids),
  });
  const pending = one.isPending || all.isPending;
  return (
    <section className="added-passkeys" aria-labelledby="added-passkeys-title">
      <h4 id="added-passkeys-title">{t.title}</h4>
      <p>{t.lead}</p>
      <ul className="sessions" aria-labelledby="added-passkeys-title">
        {passkeys.map((passkey) => (
          <PasskeyItem
            key={passkey.id}
            passkey={passkey}
            pending={pending}
            onRemove={() => void removeOne.run(passkey.id)}
          />
        ))}
      </ul>
      <div className="added-passkeys__actions">
        {passkeys.length > 1 ? (
          <button
            type="button"
            className="button button--danger"
            disabled={pending}
            onClick={() => void removeAll.run(passkeys.map((p) => p.id))}
          >
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
    </section>
  );
}
