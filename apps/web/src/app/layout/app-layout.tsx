import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { useAccount } from '../../api/get-account';
import { usePolicies } from '../../api/get-policies';
import { Banner } from '../../components/banner/banner';
import { useBanner } from '../../components/banner/banner-context';
import { Loading } from '../../components/loading';
import { useRouteAnnouncer } from '../../components/route/use-route-announcer';
import { CookieBanner } from '../../features/cookies/components/cookie-banner';
import { usePageViewTracking } from '../../lib/analytics/tracking';
import { ErrorPage } from '../error-page';
import { Footer } from './footer';
import { Header } from './header';

export function AppLayout() {
  const { banner, clearBanner } = useBanner();
  const policies = usePolicies();
  const account = useAccount();
  usePageViewTracking(); // docs/product/README.md: a page view on every screen (with consent only)
  useRouteAnnouncer(); // RGAA 8.6, 12.8: the route's title, focus on its heading or banner
  // docs/product/README.md: a policies or account load failure shows the error page.
  const failed = policies.isError || account.isError;
  return (
    <>
      <CookieBanner />
      <Header />
      <main id="main" className="container" tabIndex={-1}>
        <Banner state={banner} onClose={clearBanner} />
        {failed ? (
          <ErrorPage />
        ) : (
          <Suspense fallback={<Loading />}>
            <Outlet />
          </Suspense>
        )}
      </main>
      <Footer />
    </>
  );
}
