// 'Mon compte' › « Sécurité » › « Clés d’accès » (docs/product/account.md,
// docs/decisions/0116-passkeys-through-the-embedded-provider.md): the customer's passkeys, each
// named after the device it was added on, with when it was added and last used; « Ajouter une
// clé d’accès » runs the browser's ceremony; « Supprimer » (named after the key) removes one.
// The outcome is the banner's, which takes the focus.
import { formatReceivedAt, PASSKEY_MESSAGES, type Passkey } from '@espace/contract';
import { useActionLifecycle } from '../../../components/action/use-action-lifecycle';
import { Loading } from '../../../components/loading';
import { useAddPasskey, usePasskeys, useRemovePasskey } from '../api/passkeys';
import { SECURITY_TEXTS } from '../security-texts';

const t = SECURITY_TEXTS.passkeys;
const { banners } = PASSKEY_MESSAGES;

/** A cancelled ceremony is the browser's NotAllowedError: not the server's failure. */
const addError = (error: unknown) =>
  error instanceof Error && error.name === 'NotAllowedError'
    ? PASSKEY_MESSAGES.signIn.cancelled
    : banners.add.error;

export function PasskeysSection() {
  const passkeys = usePasskeys();
  const add = useActionLifecycle(useAddPasskey(), {
    banners: { success: banners.add.success, error: addError },
  });
  const removal = useRemovePasskey();
  const remove = useActionLifecycle(removal, { banners: banners.remove });
  const supported = typeof window !== 'undefined' && 'PublicKeyCredential' in window;
  return (
    <>
      <h3 id="passkeys-title">{t.title}</h3>
      <p>{t.lead}</p>
      {passkeys.isError ? <p role="alert">{t.loadError}</p> : null}
      {passkeys.data ? (
        passkeys.data.passkeys.length ? (
          <ul className="sessions" aria-labelledby="passkeys-title">
            {passkeys.data.passkeys.map((passkey) => (
              <PasskeyItem
                key={passkey.id}
                passkey={passkey}
                pending={removal.isPending}
                onRemove={() => void remove.run(passkey.id)}
              />
            ))}
          </ul>
        ) : (
          <p>{t.none}</p>
        )
      ) : passkeys.isError ? null : (
        <Loading />
      )}
      {supported ? (
        <button
          type="button"
          className="button"
          disabled={add.isPending}
          onClick={() => void add.run(undefined)}
        >
          {t.add}
        </button>
      ) : (
        <p>{t.unsupported}</p>
      )}
    </>
  );
}

/** One passkey: its device, when added and last used, « Supprimer » named after it. */
export function PasskeyItem(props: { passkey: Passkey; pending: boolean; onRemove: () => void }) {
  const { passkey } = props;
  return (
    <li className="sessions__item">
      <p className="sessions__device">
        <strong>{passkey.name}</strong>
      </p>
      <dl className="sessions__facts">
        <div>
          <dt>{t.addedAt}</dt>
          <dd>{formatReceivedAt(passkey.createdAt)}</dd>
        </div>
        <div>
          <dt>{t.lastUsedAt}</dt>
          <dd>{passkey.lastUsedAt ? formatReceivedAt(passkey.lastUsedAt) : t.never}</dd>
        </div>
      </dl>
      <button
        type="button"
        className="button button--secondary"
        disabled={props.pending}
        onClick={props.onRemove}
      >
        {t.remove}
        <span className="visually-hidden">{t.removeSuffix(passkey.name)}</span>
      </button>
    </li>
  );
}
