// What every change screen does after its call (SPEC §4 "Actions", §7 analytics, §8 banners):
// on success the analytics event, the success banner and home; on a refused status or a network
// failure the error banner, and the form stays as typed.
import { useNavigate } from 'react-router';
import { useBanner } from '../../../components/banner/banner-context';
import { trackEvent, type AnalyticsEvent } from '../../../lib/analytics';
import { paths } from '../../../lib/paths';

export interface ChangeBanners {
  success: string;
  error: string;
}

export function useChangeOutcome(banners: ChangeBanners, event: AnalyticsEvent) {
  const navigate = useNavigate();
  const { showBanner } = useBanner();
  const succeeded = () => {
    trackEvent(event);
    showBanner('success', banners.success);
    void navigate(paths.home);
  };
  const failed = () => {
    showBanner('error', banners.error);
    // The banner sits above the form: bring it into view, the form keeps what was typed.
    window.scrollTo({ top: 0 });
  };
  /** Runs the call and reports its outcome. */
  const run = async (call: () => Promise<unknown>) => {
    try {
      await call();
    } catch {
      failed();
      return;
    }
    succeeded();
  };
  return { succeeded, failed, run };
}
