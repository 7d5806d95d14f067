import { act, Suspense, useEffect, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import {
  MemoryRouter,
  useNavigate,
  useParams,
  useRoutes,
  type NavigateFunction,
  type RouteObject,
} from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { declarative, DrawSkeletons, Screens } from './lazy-routes';
import { Queries, QueriesContext } from './queries';

const router: { navigate?: NavigateFunction } = {};
let mounts = 0;

/** A screen with its own state, counting its mounts. */
function Tabs() {
  const [typed, setTyped] = useState('');
  useEffect(() => {
    mounts += 1;
  }, []);
  return <input aria-label="tab" value={typed} onChange={(e) => setTyped(e.target.value)} />;
}

function Crash(): never {
  throw new Error('screen crashed');
}

/** The screens inside a Suspense boundary, as AppLayout renders them. */
function Layout() {
  const navigate = useNavigate();
  useEffect(() => {
    router.navigate = navigate;
  });
  return (
    <Suspense fallback={null}>
      <Screens />
    </Suspense>
  );
}

/** A screen that reads its path's parameter, as a claim's step reads its draft. */
const draftIds: (string | undefined)[] = [];
function Draft() {
  const { id } = useParams();
  draftIds.push(id);
  return <p>brouillon {id}</p>;
}

function Sent() {
  return <p>envoyée</p>;
}
let sendSent: (module: { Component: typeof Sent }) => void = () => undefined;
const sentModule = new Promise<{ Component: typeof Sent }>((resolve) => (sendSent = resolve));

/** A screen with a skeleton, whose code comes when the test says, on two paths. */
function Slow() {
  return <p>lent</p>;
}
function SlowSkeleton() {
  return <p>squelette</p>;
}
let sendSlow: (module: { Component: typeof Slow }) => void = () => undefined;
const slowModule = new Promise<{ Component: typeof Slow }>((resolve) => (sendSlow = resolve));
let slowAsked = 0;
const slow = () => {
  slowAsked += 1;
  return slowModule;
};

// Two loaders of one module, as /documents and /documents/{id} have.
const tabsModule = Promise.resolve({ Component: Tabs });
const routes = declarative([
  {
    element: <Layout />,
    children: [
      { path: '/documents', lazy: () => tabsModule },
      { path: '/documents/:tab', lazy: () => tabsModule },
      { path: '/broken', lazy: () => Promise.resolve({ Component: Crash }) },
      { path: '/drafts/:id', lazy: () => Promise.resolve({ Component: Draft }) },
      { path: '/sent', lazy: () => sentModule },
      { path: '/slow', lazy: slow, handle: { skeleton: SlowSkeleton } },
      { path: '/slow/:step', lazy: slow, handle: { skeleton: SlowSkeleton } },
    ] as RouteObject[],
  },
]);

function Routes() {
  return useRoutes(routes);
}

describe('lazy route screens', () => {
  let container: HTMLDivElement;
  let root: Root;

  beforeEach(async () => {
    mounts = 0;
    container = document.body.appendChild(document.createElement('div'));
    root = createRoot(container);
    // The query library's client, loaded before: these screens wait for it, the tests are not
    // about it.
    const queries = new Queries();
    await queries.load();
    await act(async () =>
      root.render(
        <QueriesContext.Provider value={queries}>
          <MemoryRouter initialEntries={['/documents']}>
            <Routes />
          </MemoryRouter>
        </QueriesContext.Provider>,
      ),
    );
  });
  afterEach(async () => {
    await act(async () => root.unmount());
    container.remove();
  });

  it('keeps the screen mounted between two paths of the same module', async () => {
    expect(container.querySelector('input')).not.toBeNull();
    await act(async () => router.navigate!('/documents/1'));
    await act(async () => router.navigate!('/documents/0'));
    expect(container.querySelector('input')).not.toBeNull();
    expect(mounts).toBe(1);
  });

  it('shows the error page in place of a crashed screen, and the next path again', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await act(async () => router.navigate!('/broken'));
    // The screen's module loads, then the screen crashes.
    await vi.waitFor(() =>
      expect(container.querySelector('h1')?.textContent).toBe(
        'Désolé, cette page n’est pas disponible',
      ),
    );
    expect(error).toHaveBeenCalled();
    await act(async () => router.navigate!('/documents'));
    expect(container.querySelector('h1')).toBeNull();
    expect(container.querySelector('input')).not.toBeNull();
  });

  it('leaves the previous screen as it was until the next one has loaded', async () => {
    await act(async () => router.navigate!('/drafts/7'));
    await vi.waitFor(() => expect(container.textContent).toBe('brouillon 7'));
    await act(async () => router.navigate!('/sent'));
    expect(container.textContent).toBe('brouillon 7');
    await act(async () => sendSent({ Component: Sent }));
    await vi.waitFor(() => expect(container.textContent).toBe('envoyée'));
    expect(draftIds.filter((id) => id !== '7')).toEqual([]);
  });

  it('draws only the skeleton where the server draws skeletons, asking for no code', async () => {
    const drawn = document.body.appendChild(document.createElement('div'));
    const server = createRoot(drawn);
    await act(async () =>
      server.render(
        <QueriesContext.Provider value={new Queries()}>
          <DrawSkeletons value>
            <MemoryRouter initialEntries={['/slow']}>
              <Routes />
            </MemoryRouter>
          </DrawSkeletons>
        </QueriesContext.Provider>,
      ),
    );
    expect(drawn.textContent).toBe('squelette');
    expect(slowAsked).toBe(0);
    await act(async () => server.unmount());
    drawn.remove();
  });

  it('shows a screen’s skeleton at once while its code loads, then the screen, on both paths', async () => {
    await act(async () => router.navigate!('/slow'));
    // A navigation is a transition, but the skeleton's boundary is new: it shows at once.
    expect(container.textContent).toBe('squelette');
    await act(async () => sendSlow({ Component: Slow }));
    await vi.waitFor(() => expect(container.textContent).toBe('lent'));
    await act(async () => router.navigate!('/slow/2'));
    expect(container.textContent).toBe('lent');
  });
});
