import { act, useEffect } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import {
  MemoryRouter,
  Outlet,
  useNavigate,
  useRoutes,
  type NavigateFunction,
  type RouteObject,
} from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { saveConsent } from '../../lib/analytics/consent';
import { usePageViewTracking } from '../../lib/analytics/tracking';
import { paths } from '../../lib/paths';
import { RoutesContext } from '../../lib/route-handles';
import { changeAddressPageView } from './routes';

const router: { navigate?: NavigateFunction } = {};

function Layout() {
  usePageViewTracking();
  const navigate = useNavigate();
  useEffect(() => {
    router.navigate = navigate;
  });
  return <Outlet />;
}

const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { path: paths.accountAddress, element: <p>adresse</p> },
      { path: paths.changeAddress, element: <p>changement</p>, handle: changeAddressPageView },
    ],
  },
];

function Routes() {
  return useRoutes(routes);
}

let root: Root;

async function visit(state: unknown) {
  await act(async () =>
    root.render(
      <RoutesContext.Provider value={routes}>
        <MemoryRouter initialEntries={[paths.accountAddress]}>
          <Routes />
        </MemoryRouter>
      </RoutesContext.Provider>,
    ),
  );
  await act(async () => router.navigate!(paths.changeAddress, { state }));
  return window.dataLayer?.at(-1);
}

describe('page view of /changeAddress (docs/product/addresses.md)', () => {
  beforeEach(() => {
    saveConsent(true);
    root = createRoot(document.body.appendChild(document.createElement('div')));
  });
  afterEach(() => {
    act(() => root.unmount());
    delete window.dataLayer;
  });

  it("is labelled 'personal' when the navigation state carries postalAddress", async () => {
    expect(await visit({ postalAddress: true })).toEqual({
      event: 'page_view',
      page: paths.changeAddress,
      label: 'personal',
    });
  });

  it("is labelled 'contract' otherwise (a garage address)", async () => {
    expect(await visit(null)).toEqual({
      event: 'page_view',
      page: paths.changeAddress,
      label: 'contract',
    });
  });

  it('leaves other pages as their path', async () => {
    await visit(null);
    expect(window.dataLayer?.[0]).toEqual({ event: 'page_view', page: paths.accountAddress });
  });
});
