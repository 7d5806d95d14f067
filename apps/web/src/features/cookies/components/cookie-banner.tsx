// The first-visit cookie banner (docs/product/legal-and-cookies.md /cookies; docs/architecture.md "Deliberate deviations"): the
// required and analytics categories, the 12-month retention, and 'Tout accepter', 'Tout refuser'
// and 'Personnaliser' with the same style, as the French data-protection authority requires.
// Nothing is tracked before a choice: analytics reads the consent cookie, absent until then.
import { Link, useLocation } from 'react-router';
import { paths } from '../../../lib/paths';
import { saveConsent, useConsent } from '../../../lib/analytics/consent';
import { trackPageView } from '../../../lib/analytics/tracking';
import { keepFocusInPage } from '../../../components/route/focus-main';
import { useTakenOver } from '../../../lib/taken-over';
import { COOKIE_TEXTS } from '../texts';
import './cookie-banner.css';

export function CookieBanner() {
  const { chosen } = useConsent();
  const { pathname } = useLocation();
  // The choice is the script's: inert until it runs the page the server drew (« Personnaliser »,
  // a link, works at once).
  const takenOver = useTakenOver();
  // /cookies is the customised choice itself: the banner would only repeat it.
  if (chosen || pathname === paths.cookies) return null;

  const choose = (performance: boolean) => {
    saveConsent(performance);
    // The page the customer is on was not counted before consent.
    if (performance) trackPageView(pathname);
    // The banner and its focused button go away: focus moves to the screen's heading.
    keepFocusInPage();
  };
  return (
    <section className="cookie-banner" aria-labelledby="cookie-banner-title">
      <div className="container cookie-banner__inner">
        <div>
          <h2 id="cookie-banner-title">{COOKIE_TEXTS.bannerTitle}</h2>
          <p>{COOKIE_TEXTS.bannerIntro}</p>
          <p>{COOKIE_TEXTS.retention}</p>
        </div>
        <div className="cookie-banner__actions">
          <button
            type="button"
            className="button"
            disabled={!takenOver}
            onClick={() => choose(true)}
          >
            {COOKIE_TEXTS.acceptAll}
          </button>
          <button
            type="button"
            className="button"
            disabled={!takenOver}
            onClick={() => choose(false)}
          >
            {COOKIE_TEXTS.refuseAll}
          </button>
          <Link className="button" to={paths.cookies}>
            {COOKIE_TEXTS.customise}
          </Link>
        </div>
      </div>
    </section>
  );
}
