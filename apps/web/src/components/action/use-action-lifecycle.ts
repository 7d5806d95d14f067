// The one way a screen reports what its write did (docs/product/README.md "Actions" analytics banners).
// Every write is a TanStack Query mutation (its hook lives in the feature's api/ folder and
// refreshes the queries it affects through their key factories); this hook adds what the
// customer sees around it:
// - loading: `isPending` while the call runs (buttons disabled, 'Envoi…');
// - success: the analytics event (only with consent), the success banner, then the navigation
//   docs/product/README.md asks for (home after a contract change), then the screen's own follow-up;
// - failure (a refused status or a network failure): the error banner, brought into view; the
//   form is left as it is, so what the customer typed stays; the server's `fields` reasons shown
//   under the form's fields (`form`), the first of them focused, else the banner;
// - feedback seen: a success that stays on the screen opens it at the top with focus on the
//   banner; one that navigates leaves that to the route announcer (use-route-announcer.ts);
// - one idempotency key per form submission (lib/idempotency.ts), sent as `Idempotency-Key`
//   and kept for a retry of the same submission after a failure, so the server records it once;
// - a request's reference: a success answering `{ reference }` ends its banner with it, and the
//   same request still being handled (409 `duplicate_request`) is a warning naming the first
//   one, focused like an error (docs/decisions/0045-duplicate-requests.md, 0046).
import type { UseMutationResult } from '@tanstack/react-query';
import { useRef } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { ERROR_CODES, REQUEST_RECEIPT_MESSAGES, requestReceiptSchema } from '@espace/contract';
import { ApiError } from '../../lib/api-client';
import { newIdempotencyKey, submissionValues, withIdempotencyKey } from '../../lib/idempotency';
import { trackEvent, type AnalyticsData, type AnalyticsEvent } from '../../lib/analytics/tracking';
import { paths } from '../../lib/paths';
import { useBanner, type BannerLink } from '../banner/banner-context';
import { showServerFieldErrors } from '../form/server-field-errors';
import { revealFeedback } from '../route/focus-main';

/** The success banner of a request links to where the customer can follow it. */
export const FOLLOW_REQUEST_LINK: BannerLink = {
  to: paths.accountRequests,
  label: 'Suivre ma demande dans «\u00a0Mes demandes\u00a0»',
};

/** The same request is already being handled (409 `duplicate_request`, with its reference). */
function isDuplicateRequest(error: unknown): error is ApiError {
  return (
    error instanceof ApiError &&
    typeof error.body === 'object' &&
    error.body.error.code === ERROR_CODES.duplicateRequest
  );
}

export interface TrackedEvent {
  event: AnalyticsEvent;
  data?: AnalyticsData;
}

/** The react-hook-form a write comes from: the server's refused fields go under its fields. */
export interface LifecycleForm<T extends FieldValues> {
  setError: UseFormSetError<T>;
  /** The form's fields that the server may refuse by name (its `fields` keys). */
  fields: readonly Path<T>[];
}

export interface ActionLifecycle<TData, TVariables> {
  /** docs/product/README.md texts. A success text computed from the outcome may be null: then no banner. */
  banners: {
    success: string | ((data: TData, variables: TVariables) => string | null);
    /**
     * A fixed text, or one read from the failure (e.g. the server's message, docs/product/README.md); null when
     * the screen reports that failure itself (a cancelled upload, in its dialog): no banner.
     */
    error: string | ((error: unknown) => string | null);
  };
  /** docs/product/README.md event pushed on success; computed from the outcome, null pushes nothing. */
  event?: AnalyticsEvent | ((data: TData, variables: TVariables) => TrackedEvent | null);
  /**
   * A link after the success message (FOLLOW_REQUEST_LINK for a request to the broker), or one
   * computed from the outcome (the conversation a message opened).
   */
  successLink?: BannerLink | ((data: TData) => BannerLink);
  /** Where success leads (docs/product/README.md: home after a contract change); absent, the screen stays. */
  successPath?: string;
  /** The screen's own follow-up after the banner, e.g. emptying a field or closing a modal. */
  onSuccess?(data: TData, variables: TVariables): void;
  /** The screen's own follow-up after the error banner, e.g. closing a modal. */
  onError?(error: unknown, variables: TVariables): void;
  /** The form the write comes from, to show the server's field errors under its fields. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any form's values
  form?: LifecycleForm<any>;
}

export interface Action<TVariables> {
  /** Runs the mutation and reports its outcome; resolves with whether it succeeded, never rejects. */
  run(variables: TVariables): Promise<boolean>;
  /** Reports a failure met before the mutation could run, e.g. a pre-check that failed. */
  fail(error?: unknown): void;
  /** True while the mutation runs. */
  isPending: boolean;
}

/**
 * Applies the docs/product/README.md action lifecycle to a mutation: analytics event, banners, navigation.
 *
 * ```ts
 * const addDriver = useActionLifecycle(useAddDriver(), {
 *   banners: CHANGE_MESSAGES.banners.addDriver,
 *   event: ANALYTICS_EVENTS.driverAdded,
 *   successPath: paths.home,
 * });
 * <form onSubmit={handleSubmit((driver) => addDriver.run({ policyNumber, change: driver }))}>
 * ```
 */
export function useActionLifecycle<TData, TVariables>(
  mutation: UseMutationResult<TData, Error, TVariables>,
  lifecycle: ActionLifecycle<TData, TVariables>,
): Action<TVariables> {
  const navigate = useNavigate();
  const { showBanner } = useBanner();
  const { banners, event, successPath } = lifecycle;

  // The key of the submission in progress or last failed; a new submission gets a new one.
  const pending = useRef<{ key: string; variables: string } | null>(null);

  const fail = (error?: unknown) => {
    if (isDuplicateRequest(error)) {
      showBanner('warn', error.message, FOLLOW_REQUEST_LINK);
      revealFeedback({ preferBanner: true });
      return;
    }
    const message = typeof banners.error === 'function' ? banners.error(error) : banners.error;
    if (message === null) return;
    showBanner('error', message);
    const form = lifecycle.form;
    const onField = form ? showServerFieldErrors(error, form.fields, form.setError) : false;
    // The banner sits above the screen's content: bring it into view (and focus, when no field
    // took it).
    if (onField) window.scrollTo({ top: 0 });
    else revealFeedback({ preferBanner: true });
  };

  const succeed = (data: TData, variables: TVariables) => {
    const tracked = typeof event === 'function' ? event(data, variables) : event && { event };
    if (tracked) trackEvent(tracked.event, tracked.data);
    const text =
      typeof banners.success === 'function' ? banners.success(data, variables) : banners.success;
    const receipt = requestReceiptSchema.safeParse(data);
    const message =
      text !== null && receipt.success
        ? REQUEST_RECEIPT_MESSAGES.withReference(text, receipt.data.reference)
        : text;
    const link =
      typeof lifecycle.successLink === 'function'
        ? lifecycle.successLink(data)
        : lifecycle.successLink;
    if (message !== null) showBanner('success', message, link);
    if (successPath !== undefined) void navigate(successPath);
    else if (message !== null) revealFeedback({ preferBanner: true });
    lifecycle.onSuccess?.(data, variables);
  };

  const run = async (variables: TVariables) => {
    let data: TData;
    // A retry of the same values after a failure (lost answer) reuses the key: the server answers
    // what it answered the first time instead of recording the request again.
    const same = submissionValues(variables);
    // (A write without variables, such as « Fermer toutes les autres sessions », has none: undefined.)
    if (!pending.current || pending.current.variables !== same) {
      pending.current = { key: newIdempotencyKey(), variables: same };
    }
    try {
      data = await withIdempotencyKey(pending.current.key, () => mutation.mutateAsync(variables));
    } catch (error) {
      fail(error);
      lifecycle.onError?.(error, variables);
      return false;
    }
    pending.current = null;
    succeed(data, variables);
    return true;
  };

  return { run, fail, isPending: mutation.isPending };
}
