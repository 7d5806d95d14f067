// The SPA's side of the portal session (docs/decisions/0065-portal-session-cookie.md): it holds
// no token, reads the account the page names, goes to the server's sign-in with the path to come
// back to, and signs out with a same-origin POST before showing the public page.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageAccount, pagePath, signIn, signOut } from './auth';

function navigation() {
  const replace = vi.fn();
  vi.stubGlobal('location', {
    ...window.location,
    replace,
    pathname: '/documents',
    search: '?x=1',
  });
  return replace;
}

describe('portal session in the browser', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    document.head.innerHTML = '';
  });

  it('reads the account and the path the server wrote into the page', () => {
    expect(pageAccount()).toBeUndefined();
    document.head.innerHTML =
      '<meta name="portal-account" content="acc-1"><meta name="portal-path" content="/coverages">';
    expect(pageAccount()).toBe('acc-1');
    expect(pagePath()).toBe('/coverages');
  });

  it('goes to the server’s sign-in and back to the same path, without a history entry', () => {
    const replace = navigation();
    void signIn();
    expect(replace).toHaveBeenCalledWith('/auth/sign-in?returnTo=%2Fdocuments%3Fx%3D1');
  });

  it('signs out with a same-origin POST, then shows the public page even if it failed', async () => {
    const replace = navigation();
    const fetch = vi.fn().mockRejectedValue(new Error('offline'));
    vi.stubGlobal('fetch', fetch);
    await signOut();
    expect(fetch).toHaveBeenCalledWith('/auth/sign-out', {
      method: 'POST',
      headers: { 'x-espace-request': '1' },
    });
    expect(replace).toHaveBeenCalledWith('/loggedOut');
    expect(window.sessionStorage.length + window.localStorage.length).toBe(0);
  });

  it('goes on to the external provider’s end-session page when the server names it', async () => {
    const replace = navigation();
    const endSession = 'https://sso.example.fr/logout?client_id=portail';
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(Response.json({ endSession })));
    await signOut();
    expect(replace).toHaveBeenCalledWith(endSession);
  });

  it('shows the public page when the server answers 204 (the embedded provider)', async () => {
    const replace = navigation();
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response(null, { status: 204 })));
    await signOut();
    expect(replace).toHaveBeenCalledWith('/loggedOut');
  });
});
