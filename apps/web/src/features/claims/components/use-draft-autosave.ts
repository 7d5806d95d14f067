// What the customer types on a step is saved to the draft without « Continuer »
// (docs/product/claims.md, docs/decisions/0162-claim-drafts-saved-as-the-customer-types.md):
// AUTOSAVE_DELAY_MS after typing stops, at once when the page is hidden or left (`keepalive`, so
// the write outlives the page), and when the customer leaves the step. Nothing goes to browser
// storage: the draft is the server's.
// Each write names the version the form was made from (draft-writer.ts): another tab's or
// device's write in between stops the saving and lets the customer choose (`conflict`); a write
// that fails otherwise is tried again. « Continuer » goes through `confirm`, in the same order.
// The choice (`settle`) reads the saved version again: read, the form goes on from it and the
// status says the draft is saved; not read, the choice stays offered and the status says why.
import type { ClaimDataStep, ClaimDraft, ClaimDraftProgress } from '@espace/contract';
import { CLAIM_MESSAGES } from '@espace/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type SetStateAction } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { claimDraftQuery, keepNewestDraft, saveClaimProgress } from '../api/claim-drafts';
import { nextDraftWrite } from '../api/draft-writer';

export const AUTOSAVE_DELAY_MS = 1000;
const RETRY_MS = 5000;
const TEXTS = CLAIM_MESSAGES.draft;

export type DraftSaveState =
  | { kind: 'idle' }
  | { kind: 'saved'; at: string }
  | { kind: 'failed'; reason: string }
  /** Another version is current; `reason`: why reading it to settle the choice failed. */
  | { kind: 'conflict'; reason?: string };

interface Options {
  draft: ClaimDraft;
  step: ClaimDataStep;
  form: UseFormReturn<FieldValues>;
  /** The form's values as the draft keeps them (step-values.ts toTyped). */
  typed(values: FieldValues): unknown;
  /** The form's values of a draft (its typed values, else its answers). */
  valuesOf(draft: ClaimDraft): FieldValues;
}

const isConflict = (error: unknown) => error instanceof ApiError && error.status === 412;

export function useDraftAutosave({ draft, step, form, typed, valuesOf }: Options) {
  const { accountId } = useSession();
  const queryClient = useQueryClient();
  const [state, setState] = useState<DraftSaveState>({ kind: 'idle' });
  const live = useRef({
    /** The version the form's content was made from. */
    base: draft.version,
    /** Something was typed and is not sent yet. */
    dirty: false,
    /** A conflict, or the step being confirmed: nothing is saved until it is settled. */
    stopped: false,
    /** The customer's choice after a conflict is being carried out. */
    settling: false,
    /** The number of the latest write sent, and of the latest answered. */
    sent: 0,
    answered: 0,
    mounted: true,
    timer: undefined as ReturnType<typeof setTimeout> | undefined,
  });
  const show = (next: SetStateAction<DraftSaveState>) => live.current.mounted && setState(next);

  const send = async (keepalive: boolean) => {
    const l = live.current;
    clearTimeout(l.timer);
    l.timer = undefined;
    if (l.stopped || !l.dirty) return;
    l.dirty = false;
    const write = nextDraftWrite(l.base);
    l.sent = write.seq;
    const progress = { step, typed: typed(form.getValues()) } as ClaimDraftProgress;
    try {
      const saved = await saveClaimProgress(accountId, draft.id, progress, {
        headers: write.headers,
        keepalive,
      });
      if (write.seq < l.answered) return;
      l.answered = write.seq;
      l.base = saved.version;
      keepNewestDraft(queryClient, accountId, saved);
      if (!l.stopped) show({ kind: 'saved', at: saved.updatedAt });
    } catch (error) {
      // A later write of this tab decides (it replaces this one, or it is refused too).
      if (write.seq < l.sent) return;
      if (isConflict(error)) {
        l.stopped = true;
        show({ kind: 'conflict' });
        return;
      }
      l.dirty = true;
      if (error instanceof ApiError && error.status < 500) {
        const gone = error.status === 404;
        show({ kind: 'failed', reason: gone ? TEXTS.gone : error.message });
        return;
      }
      show({ kind: 'failed', reason: TEXTS.offline });
      l.timer = setTimeout(() => void send(false), RETRY_MS);
    }
  };

  const schedule = () => {
    const l = live.current;
    if (l.stopped) return;
    l.dirty = true;
    clearTimeout(l.timer);
    l.timer = setTimeout(() => void send(false), AUTOSAVE_DELAY_MS);
  };

  useEffect(() => {
    const l = live.current;
    l.mounted = true;
    const watching = form.watch(schedule);
    const hidden = () => document.visibilityState === 'hidden' && void send(true);
    const leaving = () => void send(true);
    document.addEventListener('visibilitychange', hidden);
    window.addEventListener('pagehide', leaving);
    return () => {
      watching.unsubscribe();
      document.removeEventListener('visibilitychange', hidden);
      window.removeEventListener('pagehide', leaving);
      l.mounted = false;
      // The customer leaves the step (« Précédent », a link): what they typed goes with them.
      void send(true);
    };
    // Subscribed once for the step's form (the component is keyed by step).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  /** « Continuer »: `save` sends the step's answers with the headers of the tab's next write. */
  const confirm = async (save: (headers: Record<string, string>) => Promise<ClaimDraft>) => {
    const l = live.current;
    clearTimeout(l.timer);
    l.stopped = true;
    const write = nextDraftWrite(l.base);
    l.sent = write.seq;
    try {
      const saved = await save(write.headers);
      l.answered = write.seq;
      l.base = saved.version;
      l.dirty = false;
      return saved;
    } catch (error) {
      if (isConflict(error)) show({ kind: 'conflict' });
      else {
        l.stopped = false;
        schedule();
      }
      throw error;
    }
  };

  /**
   * After a conflict: the saved version in the form, or the form's values over it. The alert stays
   * until the choice is carried out (DraftStatus then moves the focus to the status it leaves);
   * when the saved version cannot be read, it stays, and the status says the draft is not saved.
   */
  const settle = async (keepMine: boolean) => {
    const l = live.current;
    if (l.settling) return;
    l.settling = true;
    try {
      const fresh = await queryClient.fetchQuery({
        ...claimDraftQuery(accountId, draft.id),
        staleTime: 0,
      });
      l.base = fresh.version;
      l.stopped = false;
      if (keepMine) {
        l.dirty = true;
        // Says « Brouillon enregistré à … », why not, or the conflict again.
        await send(false);
        // Answered after a later write of the tab: that one speaks, the choice is made.
        if (!l.stopped) show((now) => (now.kind === 'conflict' ? { kind: 'idle' } : now));
      } else {
        form.reset(valuesOf(fresh));
        clearTimeout(l.timer);
        l.dirty = false;
        show({ kind: 'saved', at: fresh.updatedAt });
      }
    } catch (error) {
      const gone = error instanceof ApiError && error.status === 404;
      show({ kind: 'conflict', reason: gone ? TEXTS.gone : TEXTS.notRead });
    } finally {
      l.settling = false;
    }
  };

  return { state, confirm, settle };
}
