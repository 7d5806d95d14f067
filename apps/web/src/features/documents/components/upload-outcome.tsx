// The outcome of an upload, shown on the document the customer sent it for
// (docs/decisions/0047-upload-outcome-on-the-item.md): on a phone the banner sat 1,000 px above
// the entry. Every entry carries a live region; once the dialog closes, the message appears in
// its entry's region with the link to follow the request, and focus moves to it, which brings it
// into view. When the policies reload and the entry's button gives way to its new status (or the
// list is reordered), focus that fell to <body> is put back on the message, kept in view.
import { useEffect, useLayoutEffect, useRef } from 'react';
import { Link } from 'react-router';
import { FOLLOW_REQUEST_LINK } from '../../../components/action/use-action-lifecycle';

export interface UploadOutcomeState {
  policyNumber: string;
  fileType: string;
  message: string;
  /** A new number for each outcome, so the same message twice still takes focus. */
  key: number;
}

export function UploadOutcome({
  outcome,
  watch,
}: {
  /** The outcome for this entry, if it is the one just sent. */
  outcome: UploadOutcomeState | null;
  /** What a reload changes (the policy's documents): focus lost on <body> then comes back. */
  watch: unknown;
}) {
  const ref = useRef<HTMLParagraphElement>(null);
  const key = outcome?.key;
  useEffect(() => {
    if (key !== undefined) ref.current?.focus();
  }, [key]);
  useLayoutEffect(() => {
    const element = ref.current;
    if (key === undefined || !element) return;
    const active = document.activeElement;
    // A reload may move the entry (what is owed comes first on a phone) or drop focus: the
    // message keeps focus and stays in view.
    if (active === null || active === document.body || active === element) {
      element.focus({ preventScroll: true });
      element.scrollIntoView({ block: 'nearest' });
    }
  }, [key, watch]);
  return (
    <div role="status" className="documents-item__outcome-region">
      {outcome && (
        <p ref={ref} tabIndex={-1} className="documents-item__outcome" data-testid="upload-outcome">
          {outcome.message} <Link to={FOLLOW_REQUEST_LINK.to}>{FOLLOW_REQUEST_LINK.label}</Link>
        </p>
      )}
    </div>
  );
}
