// The portal's test files share their worker's document (`isolate: false`, vitest.config.ts):
// each test starts without the cookies, the storage, the elements and the analytics layer an
// earlier one left, as it would in a document of its own.
import { beforeEach } from 'vitest';

beforeEach(() => {
  for (const pair of document.cookie.split(';')) {
    const name = pair.split('=')[0]!.trim();
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
  localStorage.clear();
  sessionStorage.clear();
  document.body.replaceChildren();
  window.history.replaceState(null, '', '/');
  delete (window as { dataLayer?: unknown }).dataLayer;
});
