// A tiny cookie jar: the provider's and the portal's cookies across requests, injected
// (light-my-request's parsed cookies) or sent over the network (fetch's Set-Cookie lines).
import type { LightMyRequestResponse } from 'fastify';

export class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(response: LightMyRequestResponse | Response) {
    if (response instanceof Response) {
      for (const line of response.headers.getSetCookie()) {
        const [pair = '', ...attributes] = line.split(';');
        const eq = pair.indexOf('=');
        const name = pair.slice(0, eq).trim();
        const value = pair.slice(eq + 1).trim();
        const gone = !value || attributes.some((a) => /^\s*max-age=0\s*$/i.test(a));
        if (gone) this.cookies.delete(name);
        else this.cookies.set(name, value);
      }
      return;
    }
    for (const c of response.cookies) {
      const gone = (c.expires && c.expires.getTime() < Date.now()) || c.maxAge === 0;
      if (gone) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
  }
  get(name: string): string | undefined {
    return this.cookies.get(name);
  }
  delete(name: string): void {
    this.cookies.delete(name);
  }
  set(name: string, value: string): void {
    this.cookies.set(name, value);
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}
