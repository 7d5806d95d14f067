// /cookies (docs/product/legal-and-cookies.md): required cookies checked and disabled, the performance
// checkbox reflecting the consent cookie; 'Continuer' saves and goes back in history.
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../lib/paths';
import { hasAnalyticsConsent, saveConsent } from '../../../lib/analytics/consent';
import { trackPageView } from '../../../lib/analytics/tracking';
import { COOKIE_TEXTS } from '../texts';
import './cookies-page.css';

export function Component() {
  const navigate = useNavigate();
  const [performance, setPerformance] = useState(hasAnalyticsConsent);
  const save = () => {
    const wasGranted = hasAnalyticsConsent();
    saveConsent(performance);
    if (performance && !wasGranted) trackPageView(paths.cookies);
    // Back to where the customer came from; home when /cookies was opened directly.
    if (window.history.state?.idx > 0) void navigate(-1);
    else void navigate(paths.home);
  };
  return (
    <section aria-labelledby="cookies-title" className="cookies-page">
      <h1 id="cookies-title">{COOKIE_TEXTS.pageTitle}</h1>
      <p>{COOKIE_TEXTS.pageIntro}</p>
      <p>{COOKIE_TEXTS.retention}</p>
      <div className="cookies-page__choice">
        <input
          id="cookies-required"
          type="checkbox"
          checked
          disabled
          aria-describedby="cookies-required-help"
        />
        <label htmlFor="cookies-required">{COOKIE_TEXTS.required}</label>
        <p id="cookies-required-help" className="lead">
          {COOKIE_TEXTS.requiredHelp}
        </p>
      </div>
      <div className="cookies-page__choice">
        <input
          id="cookies-performance"
          type="checkbox"
          checked={performance}
          onChange={(e) => setPerformance(e.target.checked)}
          aria-describedby="cookies-performance-help"
        />
        <label htmlFor="cookies-performance">{COOKIE_TEXTS.performance}</label>
        <p id="cookies-performance-help" className="lead">
          {COOKIE_TEXTS.performanceHelp}
        </p>
      </div>
      <p>
        <button type="button" className="button" onClick={save}>
          {COOKIE_TEXTS.continue}
        </button>
      </p>
      <p>
        <Link to={paths.rules}>{COOKIE_TEXTS.rulesLink}</Link>
      </p>
    </section>
  );
}
