// Said discreetly under a step's fields (docs/product/claims.md): « Brouillon enregistré à
// 14:32 » once a save is answered, or why it was not, in a polite live region that changes at
// most once a minute while saves succeed; and, when another tab or device changed the draft
// since the step was opened, the choice between its version and what is typed here. Once the
// choice is carried out its alert goes, with the button pressed: the focus moves to the status,
// which says what became of the draft (WCAG 2.4.3), never to the page's <body>.
import { CLAIM_MESSAGES } from '@espace/contract';
import { useEffect, useRef } from 'react';
import type { DraftSaveState } from './use-draft-autosave';

const TEXTS = CLAIM_MESSAGES.draft;

function statusText(state: DraftSaveState): string {
  if (state.kind === 'saved') return TEXTS.savedAt(state.at);
  if (state.kind === 'failed') return TEXTS.notSaved(state.reason);
  if (state.kind === 'conflict' && state.reason) return TEXTS.notSaved(state.reason);
  return '';
}

export function DraftStatus({
  state,
  settle,
}: {
  state: DraftSaveState;
  settle(keepMine: boolean): Promise<void>;
}) {
  const status = useRef<HTMLParagraphElement>(null);
  const chosen = useRef(false);
  useEffect(() => {
    if (!chosen.current || state.kind === 'conflict') return;
    chosen.current = false;
    status.current?.focus();
  }, [state]);
  const choose = (keepMine: boolean) => {
    chosen.current = true;
    void settle(keepMine);
  };
  return (
    <>
      <p
        ref={status}
        role="status"
        tabIndex={-1}
        className="claim-draft-status"
        data-testid="claim-draft-status"
      >
        {statusText(state)}
      </p>
      {state.kind === 'conflict' && (
        <div role="alert" className="claim-draft-conflict">
          <p>{TEXTS.conflict}</p>
          <div className="claim-draft-conflict__actions">
            <button
              type="button"
              className="button button--secondary"
              onClick={() => choose(false)}
            >
              {TEXTS.showSaved}
            </button>
            <button type="button" className="button button--secondary" onClick={() => choose(true)}>
              {TEXTS.keepMine}
            </button>
          </div>
        </div>
      )}
    </>
  );
}
