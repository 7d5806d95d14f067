// The step-up dialog (docs/product/account.md « Confirmer son identité »,
// docs/decisions/0138-step-up-before-every-new-way-in.md): a change that opens a new way in — a
// passkey, the second factor, « Mes données » — is refused 403 `step_up_required` without a
// fresh proof; `withStepUp` then opens this dialog, sends the password (or a code, or signs with
// an existing passkey), and sends the change again once it is accepted. Cancelling leaves the
// change undone, with the server's French refusal as its banner.
import { STEP_UP_MESSAGES as T, type StepUpRequest } from '@espace/contract';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { Dialog } from '../../../components/dialog/dialog';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import {
  needsStepUp,
  passkeyProof,
  sendStepUp,
  StepUpContext,
  type WithStepUp,
} from '../api/step-up';
import { PasswordField } from './password-field';
import './step-up.css';

export function StepUpProvider({ children }: { children: ReactNode }) {
  const [pending, setPending] = useState<((proven: boolean) => void) | undefined>();
  const withStepUp = useCallback<WithStepUp>(async (action) => {
    try {
      return await action();
    } catch (error) {
      if (!needsStepUp(error)) throw error;
      const proven = await new Promise<boolean>((resolve) => setPending(() => resolve));
      setPending(undefined);
      if (!proven) throw error;
      return action();
    }
  }, []);
  return (
    <StepUpContext.Provider value={withStepUp}>
      {children}
      {pending ? <StepUpDialog onDone={pending} /> : null}
    </StepUpContext.Provider>
  );
}

function StepUpDialog({ onDone }: { onDone: (proven: boolean) => void }) {
  const { accountId } = useSession();
  const [proof, setProof] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  const send = async (request: () => Promise<StepUpRequest>) => {
    setBusy(true);
    setError(undefined);
    try {
      await sendStepUp(accountId, await request());
      onDone(true);
    } catch (refused) {
      setError(refused instanceof ApiError ? refused.message : T.passkeyRefused);
      field.current?.focus();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open title={T.title} onClose={() => onDone(false)} busy={busy} initialFocus={field}>
      <p>{T.intro}</p>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!proof) {
            setError(T.proofRequired);
            field.current?.focus();
            return;
          }
          void send(async () => ({ proof }));
        }}
      >
        <PasswordField
          ref={field}
          label={T.proofLabel}
          hint={T.proofHint}
          error={error}
          autoComplete="current-password"
          value={proof}
          onChange={(event) => setProof(event.target.value)}
        />
        <div className="step-up__actions">
          <button type="button" className="button button--secondary" onClick={() => onDone(false)}>
            {T.cancel}
          </button>
          {'PublicKeyCredential' in window ? (
            <button
              type="button"
              className="button button--secondary"
              disabled={busy}
              onClick={() => void send(() => passkeyProof(accountId))}
            >
              {T.passkey}
            </button>
          ) : null}
          <button type="submit" className="button" disabled={busy}>
            {T.submit}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
