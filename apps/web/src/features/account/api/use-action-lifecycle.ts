// The SPEC §4 action lifecycle for the address change: while the mutation runs `isPending`; on
// success the analytics event (consent-gated), the success banner, the way home, then the
// screen's own follow-up; on failure the error banner, brought into view, and the form as typed.
// Same signature as the shared hook being built for every write (components/action), so that
// adopting it is an import change.
import type { UseMutationResult } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useBanner } from '../../../components/banner/banner-context';
import { trackEvent, type AnalyticsEvent } from '../../../lib/analytics';

export interface TrackedEvent {
  event: AnalyticsEvent;
}

export interface ActionLifecycle<TData, TVariables> {
  banners: { success: string | ((data: TData, variables: TVariables) => string); error: string };
  event?: AnalyticsEvent | ((data: TData, variables: TVariables) => TrackedEvent | null);
  successPath?: string;
  onSuccess?(data: TData, variables: TVariables): void;
}

export function useActionLifecycle<TData, TVariables>(
  mutation: UseMutationResult<TData, Error, TVariables>,
  lifecycle: ActionLifecycle<TData, TVariables>,
) {
  const navigate = useNavigate();
  const { showBanner } = useBanner();
  const { banners, event, successPath } = lifecycle;

  const fail = () => {
    showBanner('error', banners.error);
    window.scrollTo({ top: 0 });
  };

  const run = async (variables: TVariables): Promise<boolean> => {
    let data: TData;
    try {
      data = await mutation.mutateAsync(variables);
    } catch {
      fail();
      return false;
    }
    const tracked = typeof event === 'function' ? event(data, variables) : event && { event };
    if (tracked) trackEvent(tracked.event);
    showBanner(
      'success',
      typeof banners.success === 'function' ? banners.success(data, variables) : banners.success,
    );
    if (successPath !== undefined) void navigate(successPath);
    lifecycle.onSuccess?.(data, variables);
    return true;
  };

  return { run, fail, isPending: mutation.isPending };
}
