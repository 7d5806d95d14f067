// The step-up dialog of the console (docs/console.md « Mon compte »,
// docs/decisions/0138-step-up-before-every-new-way-in.md), with the portal's texts
// (STEP_UP_MESSAGES): a change that opens a new way in asks first for the member's password, a
// code of their app or one of their passkeys. A modal <dialog>: focus starts in the field,
// Échap cancels, focus goes back to the button that opened it; a refusal is announced under
// the field, which takes the focus again.
import { STEP_UP_MESSAGES as T, type StepUpRequest } from '@espace/contract';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Field } from '../../../components/field';
import { ApiError } from '../../../lib/api-client';
import {
  needsStepUp,
  passkeyProof,
  sendStepUp,
  StepUpContext,
  type WithStepUp,
} from '../api/step-up';

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
  const ref = useRef<HTMLDialogElement>(null);
  const field = useRef<HTMLInputElement>(null);
  const [proof, setProof] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    const dialog = ref.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (dialog && !dialog.open) dialog.showModal();
    field.current?.focus();
    return () => {
      if (dialog?.open) dialog.close();
      opener?.focus();
    };
  }, []);
  const send = async (request: () => Promise<StepUpRequest>) => {
    setBusy(true);
    setError(undefined);
    try {
      await sendStepUp(await request());
      onDone(true);
    } catch (refused) {
      setError(refused instanceof ApiError ? refused.message : T.passkeyRefused);
      field.current?.focus();
    } finally {
      setBusy(false);
    }
  };
  return (
    <dialog
      ref={ref}
      className="card stack dialog"
      aria-labelledby="step-up-title"
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onDone(false);
      }}
    >
      <h2 id="step-up-title">{T.title}</h2>
      <p>{T.intro}</p>
      <form
        className="stack"
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
        <Field label={T.proofLabel} hint={T.proofHint} error={error}>
          <input
            ref={field}
            type="password"
            autoComplete="current-password"
            value={proof}
            onChange={(event) => setProof(event.target.value)}
          />
        </Field>
        <p role="status" className="visually-hidden">
          {error ?? ''}
        </p>
        <div className="actions">
          <button type="submit" className="button" disabled={busy}>
            {T.submit}
          </button>
          {'PublicKeyCredential' in window ? (
            <button
              type="button"
              className="button button--secondary"
              disabled={busy}
              onClick={() => void send(passkeyProof)}
            >
              {T.passkey}
            </button>
          ) : null}
          <button type="button" className="button button--secondary" onClick={() => onDone(false)}>
            {T.cancel}
          </button>
        </div>
      </form>
    </dialog>
  );
}
