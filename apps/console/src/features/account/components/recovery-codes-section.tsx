// « Mon compte » › « Codes de secours » (docs/console.md « Mon compte »,
// docs/decisions/0140-a-mail-and-an-undo-for-each-change-of-a-way-in.md): « Créer de nouveaux
// codes de secours » replaces every code of the member's second factor, after a fresh proof, and
// shows the new ones once, until « J’ai noté mes codes ». The member is mailed the change, with
// its « Ce n’était pas moi » link. The outcome is the section's feedback, which takes the focus.
import { SECOND_FACTOR_MESSAGES } from '@espace/contract';
import { useState } from 'react';
import { Feedback, type FeedbackState } from '../../../components/feedback';
import { useRenewRecoveryCodes } from '../api/recovery-codes';

const T = {
  title: 'Codes de secours',
  lead: 'Chaque code de secours permet une connexion, une seule fois, si vous n’avez plus votre application d’authentification. Créez-en de nouveaux si vous les avez perdus ou presque tous utilisés\u00a0: les anciens ne fonctionneront plus.',
  renew: 'Créer de nouveaux codes de secours',
  codesIntro:
    'Notez-les maintenant et gardez-les en lieu sûr\u00a0: ils ne seront plus jamais affichés.',
  done: 'J’ai noté mes codes',
} as const;

const { banners } = SECOND_FACTOR_MESSAGES;

export function RecoveryCodesSection() {
  const renew = useRenewRecoveryCodes();
  const [codes, setCodes] = useState<string[] | null>(null);
  const [feedback, setFeedback] = useState<FeedbackState | null>(null);
  const onRenew = () =>
    renew.mutate(undefined, {
      onSuccess: (data) => {
        setCodes(data.recoveryCodes);
        setFeedback({ kind: 'success', text: banners.renew.success });
      },
      onError: () => setFeedback({ kind: 'error', text: banners.renew.error }),
    });
  return (
    <section className="card stack narrow account-section" aria-labelledby="recovery-codes-title">
      <h2 id="recovery-codes-title">{T.title}</h2>
      <p>{T.lead}</p>
      <Feedback state={feedback} />
      {codes ? (
        <>
          <p>{T.codesIntro}</p>
          <ul className="recovery-codes" aria-labelledby="recovery-codes-title">
            {codes.map((code) => (
              <li key={code}>
                <code>{code}</code>
              </li>
            ))}
          </ul>
          <div>
            <button type="button" className="button" onClick={() => setCodes(null)}>
              {T.done}
            </button>
          </div>
        </>
      ) : (
        <div>
          <button type="button" className="button" disabled={renew.isPending} onClick={onRenew}>
            {T.renew}
          </button>
        </div>
      )}
    </section>
  );
}
