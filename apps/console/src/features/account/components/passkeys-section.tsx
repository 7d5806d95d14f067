// « Mon compte » › « Clés d’accès » (docs/console.md « Mon compte »,
// docs/decisions/0122-second-factors-for-customers-and-staff-passkeys.md): the staff member's
// passkeys, each named after the device it was added on, with when it was added and last used;
// « Ajouter une clé d’accès » runs the browser's ceremony; « Supprimer » (named after the key)
// removes one. At the next sign-in, the code page offers « Utiliser ma clé d’accès » instead of
// a code. The outcome is the section's feedback, which takes the focus.
import { PASSKEY_MESSAGES, type Passkey } from '@espace/contract';
import { useState } from 'react';
import { Feedback, type FeedbackState } from '../../../components/feedback';
import { formatReceivedAt } from '../../../lib/format';
import { useAddPasskey, usePasskeys, useRemovePasskey } from '../api/passkeys';

const T = {
  title: 'Clés d’accès',
  lead: 'Une clé d’accès (empreinte, visage, code de l’appareil ou clé de sécurité) remplace le code de votre application d’authentification à la connexion. Votre mot de passe reste demandé.',
  none: 'Vous n’avez pas encore de clé d’accès.',
  add: 'Ajouter une clé d’accès',
  addedAt: 'Ajoutée le',
  lastUsedAt: 'Dernière utilisation',
  never: 'Jamais utilisée',
  remove: 'Supprimer',
  removeSuffix: (name: string) => ` la clé d’accès\u00a0: ${name}`,
  unsupported: 'Votre navigateur ne permet pas de créer une clé d’accès.',
  loadError: 'Impossible d’afficher vos clés d’accès pour le moment.',
} as const;

const { banners } = PASSKEY_MESSAGES;

export function PasskeysSection() {
  const passkeys = usePasskeys();
  const add = useAddPasskey();
  const remove = useRemovePasskey();
  const [feedback, setFeedback] = useState<FeedbackState | null>(null);
  const supported = typeof window !== 'undefined' && 'PublicKeyCredential' in window;
  const onAdd = () =>
    add.mutate(undefined, {
      onSuccess: () => setFeedback({ kind: 'success', text: banners.add.success }),
      onError: (error) =>
        setFeedback({
          kind: 'error',
          text:
            error instanceof Error && error.name === 'NotAllowedError'
              ? PASSKEY_MESSAGES.signIn.cancelled
              : banners.add.error,
        }),
    });
  const onRemove = (passkey: Passkey) =>
    remove.mutate(passkey.id, {
      onSuccess: () => setFeedback({ kind: 'success', text: banners.remove.success }),
      onError: () => setFeedback({ kind: 'error', text: banners.remove.error }),
    });
  return (
    <section className="card stack narrow passkeys-section" aria-labelledby="passkeys-title">
      <h2 id="passkeys-title">{T.title}</h2>
      <p>{T.lead}</p>
      <Feedback state={feedback} />
      {passkeys.isError ? <p role="alert">{T.loadError}</p> : null}
      {passkeys.data ? (
        passkeys.data.passkeys.length ? (
          <ul className="passkeys" aria-labelledby="passkeys-title">
            {passkeys.data.passkeys.map((passkey) => (
              <PasskeyItem
                key={passkey.id}
                passkey={passkey}
                pending={remove.isPending}
                onRemove={() => onRemove(passkey)}
              />
            ))}
          </ul>
        ) : (
          <p>{T.none}</p>
        )
      ) : null}
      {supported ? (
        <div>
          <button type="button" className="button" disabled={add.isPending} onClick={onAdd}>
            {T.add}
          </button>
        </div>
      ) : (
        <p>{T.unsupported}</p>
      )}
    </section>
  );
}

/** One passkey: its device, when added and last used, « Supprimer » named after it. */
export function PasskeyItem(props: { passkey: Passkey; pending: boolean; onRemove: () => void }) {
  const { passkey } = props;
  return (
    <li className="passkeys__item">
      <p>
        <strong>{passkey.name}</strong>
      </p>
      <dl className="details">
        <div>
          <dt>{T.addedAt}</dt>
          <dd>{formatReceivedAt(passkey.createdAt)}</dd>
        </div>
        <div>
          <dt>{T.lastUsedAt}</dt>
          <dd>{passkey.lastUsedAt ? formatReceivedAt(passkey.lastUsedAt) : T.never}</dd>
        </div>
      </dl>
      <button
        type="button"
        className="button button--secondary"
        disabled={props.pending}
        onClick={props.onRemove}
      >
        {T.remove}
        <span className="visually-hidden">{T.removeSuffix(passkey.name)}</span>
      </button>
    </li>
  );
}
