import { act, useEffect } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider, useNavigate } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Banner, BannerProvider } from './banner';
import { useBanner, type BannerApi } from './banner-context';

let api: BannerApi;
let navigate: ReturnType<typeof useNavigate>;

/** Hands the banner API and navigate to the test after each render. */
function Probe({
  onRender,
}: {
  onRender(banner: BannerApi, go: ReturnType<typeof useNavigate>): void;
}) {
  const banner = useBanner();
  const go = useNavigate();
  useEffect(() => onRender(banner, go));
  return <Banner state={banner.banner} onClose={banner.clearBanner} />;
}

function capture(banner: BannerApi, go: ReturnType<typeof useNavigate>) {
  api = banner;
  navigate = go;
}

describe('banner (docs/product/README.md)', () => {
  let container: HTMLDivElement;
  let root: Root;

  beforeEach(async () => {
    container = document.createElement('div');
    document.body.append(container);
    const router = createMemoryRouter(
      [
        {
          path: '*',
          element: (
            <BannerProvider>
              <Probe onRender={capture} />
            </BannerProvider>
          ),
        },
      ],
      { initialEntries: ['/changeVehicle'] },
    );
    root = createRoot(container);
    await act(async () => root.render(<RouterProvider router={router} />));
  });
  afterEach(async () => {
    await act(async () => root.unmount());
    container.remove();
  });

  const region = () => container.querySelector('.banner-region')!;

  it('announces a success politely and an error assertively', async () => {
    await act(async () => api.showBanner('success', 'Vous avez ajouté un conducteur avec succès.'));
    expect(region().getAttribute('role')).toBe('status');
    expect(region().textContent).toContain(
      'Succès\u00a0: Vous avez ajouté un conducteur avec succès.',
    );
    await act(async () => api.showBanner('error', 'Une erreur s’est produite'));
    expect(region().getAttribute('role')).toBe('alert');
    expect(region().getAttribute('aria-live')).toBe('assertive');
  });

  it('survives the navigation that follows a success, then clears on the next route change', async () => {
    await act(async () => api.showBanner('success', 'Enregistré'));
    await act(async () => navigate('/'));
    expect(region().textContent).toContain('Enregistré');
    await act(async () => navigate('/documents'));
    expect(container.querySelector('[data-testid="banner"]')).toBeNull();
  });

  it('is hidden by its close button', async () => {
    await act(async () => api.showBanner('warn', 'Attention'));
    await act(async () => container.querySelector<HTMLButtonElement>('.banner__close')!.click());
    expect(container.querySelector('[data-testid="banner"]')).toBeNull();
  });
});
