// The portal's first screen drawn by the server (docs/decisions/0105-react-and-the-first-screen-drawn-by-the-server.md):
// the web build's renderer (apps/web/src/server-render.tsx, built by `vite build --ssr` into
// `.ssr/` of the portal's build) draws the policies page, with its shell, from the first reads
// the page carries (first-reads.ts), and the browser hydrates it. Loaded from the build the server
// serves, so the HTML and the scripts that hydrate it always come from one build.
// The render is a function of what it is given, so the HTML drawn last for the same path,
// account, reads and consent is kept and sent again (docs/decisions/0114): an LRU memo of this
// process, keyed by a hash of those inputs, never stale (other data is another key), lost on a
// restart with nothing lost.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { CONSENT_COOKIES } from '@espace/contract';
import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';

/** What the screen is drawn from: the path shown, the account, its reads and the consent. */
export interface FirstScreen {
  path: string;
  accountId: string;
  /** The account and policies reads as the API sends them (JSON text). */
  account: string;
  policies: string;
  /** The request's `Cookie` header: the cookie banner shows unless consent was given. */
  cookie: string;
}

/** The renderer's module (apps/web/src/server-render.tsx). */
interface RendererModule {
  renderFirstScreen(screen: {
    path: string;
    accountId: string;
    account: unknown;
    policies: unknown;
    cookie: string;
  }): Promise<string | undefined>;
}

export type FirstScreenRenderer = (screen: FirstScreen) => Promise<string | undefined>;

/** The file the web build writes the renderer to. */
export const rendererFile = (webDist: string) => path.join(webDist, '.ssr', 'server-render.js');

/** Pages kept, at most this many characters in all (a policies page is some 20,000). */
const KEPT_PAGES_MAX = 8_000_000;

/** The consent cookies of a `Cookie` header, alone: all the render reads of it. */
export function consentCookies(header: string): string {
  const names: string[] = Object.values(CONSENT_COOKIES);
  return header
    .split(/;\s*/)
    .filter((pair) => names.includes(pair.slice(0, pair.indexOf('='))))
    .sort()
    .join('; ');
}

/**
 * The renderer of the build in `webDist`, or a renderer that draws nothing when the build has
 * none (the browser then draws every screen, as it does for the paths the server does not draw).
 * A render that fails is logged and the page goes out empty: the browser draws it.
 */
export async function loadFirstScreenRenderer(
  webDist: string,
  log: FastifyBaseLogger,
): Promise<FirstScreenRenderer> {
  const file = rendererFile(webDist);
  if (!existsSync(file)) {
    log.warn(`first-screen renderer not found in ${file}: the browser draws every screen`);
    return async () => undefined;
  }
  const { renderFirstScreen } = (await import(pathToFileURL(file).href)) as RendererModule;
  const kept = new LRUCache<string, string>({
    maxSize: KEPT_PAGES_MAX,
    sizeCalculation: (html) => Math.max(1, html.length),
  });
  return async (screen) => {
    const cookie = consentCookies(screen.cookie);
    const key = createHash('sha1')
      .update(`${screen.path}\0${screen.accountId}\0${cookie}\0`)
      .update(screen.account)
      .update('\0')
      .update(screen.policies)
      .digest('base64');
    const html = kept.get(key);
    if (html !== undefined) return html;
    try {
      const drawn = await renderFirstScreen({
        path: screen.path,
        accountId: screen.accountId,
        account: JSON.parse(screen.account),
        policies: JSON.parse(screen.policies),
        cookie,
      });
      if (drawn !== undefined) kept.set(key, drawn);
      return drawn;
    } catch (error) {
      log.error({ err: error, path: screen.path }, 'first-screen render failed');
      return undefined;
    }
  };
}
