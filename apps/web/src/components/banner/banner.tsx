import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { BannerContext, type BannerApi, type BannerLink, type BannerState } from './banner-context';
import './banner.css';

const LABELS = { success: 'Succès', warn: 'Attention', error: 'Erreur' } as const;

export function BannerProvider({ children }: { children: ReactNode }) {
  const [banner, setBanner] = useState<BannerState | null>(null);
  const { pathname } = useLocation();
  // A banner set by the screen that navigates survives that one navigation (success → home).
  // Decided while rendering the new route (not in an effect), so the new screen's first commit
  // already has the right banner: the route announcer can focus it (use-route-announcer.ts).
  const [keepOnNextRoute, setKeepOnNextRoute] = useState(false);
  const [shownPath, setShownPath] = useState(pathname);
  if (shownPath !== pathname) {
    setShownPath(pathname);
    if (keepOnNextRoute) setKeepOnNextRoute(false);
    else if (banner) setBanner(null);
  }

  const showBanner = useCallback(
    (level: BannerState['level'], message: string, link?: BannerLink) => {
      setKeepOnNextRoute(true);
      setBanner({ level, message, link });
    },
    [],
  );
  const clearBanner = useCallback(() => setBanner(null), []);
  const api = useMemo<BannerApi>(
    () => ({ banner, showBanner, clearBanner }),
    [banner, showBanner, clearBanner],
  );
  return <BannerContext.Provider value={api}>{children}</BannerContext.Provider>;
}

/** The banner region stays in the page so screen readers announce what is put in it. */
export function Banner({ state, onClose }: { state: BannerState | null; onClose(): void }) {
  return (
    <div
      className="banner-region"
      role={state?.level === 'error' ? 'alert' : 'status'}
      aria-live={state?.level === 'error' ? 'assertive' : 'polite'}
    >
      {state && (
        <div className={`banner banner--${state.level}`} data-testid="banner">
          <p>
            <span className="visually-hidden">{LABELS[state.level]}&nbsp;: </span>
            {state.message}
            {state.link && (
              <>
                {' '}
                <Link to={state.link.to}>{state.link.label}</Link>
              </>
            )}
          </p>
          <button
            type="button"
            className="banner__close"
            onClick={onClose}
            aria-label="Fermer le message"
          >
            ×
          </button>
        </div>
      )}
    </div>
  );
}
