// The outcome of an action, shown above the screen's content and focused when it appears so a
// screen reader hears it (RGAA 7.5, 12.8): a success is a status, a refusal an alert.
import { useEffect, useRef } from 'react';

export interface FeedbackState {
  kind: 'success' | 'error';
  text: string;
}

const LABELS = { success: 'Succès', error: 'Erreur' } as const;

export function Feedback({ state }: { state: FeedbackState | null }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (state) ref.current?.focus();
  }, [state]);
  if (!state) return null;
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role={state.kind === 'error' ? 'alert' : 'status'}
      className={`feedback feedback--${state.kind}`}
      data-testid="feedback"
    >
      <span className="visually-hidden">{LABELS[state.kind]}&nbsp;: </span>
      {state.text}
    </div>
  );
}
