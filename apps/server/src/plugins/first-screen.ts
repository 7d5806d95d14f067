// The portal's first screen drawn by the server (docs/decisions/0105-react-and-the-first-screen-drawn-by-the-server.md):
// the web build's renderer (apps/web/src/server-render.tsx, built by `vite build --ssr` into
// `.ssr/` of the portal's build) draws the policies page, with its shell, from the first reads
// the page carries (first-reads.ts), and the browser hydrates it. Loaded from the build the server
// serves, so the HTML and the scripts that hydrate it always come from one build.
// The render is a function of what it is given, so the page drawn last for the same path,
// account, reads and consent is kept and sent again, as bytes (keptPages, docs/decisions/0114):
// an LRU memo of this process, keyed by a hash of those inputs, never stale (other data is
// another key), lost on a restart with nothing lost.
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
  /** The consent cookies alone (consentCookies): the cookie banner shows unless consent was given. */
  cookie: string;
  /** Today in Paris (todayInParis): the days the screen counts turn at midnight in France. */
  today: string;
}

/** The renderer's module (apps/web/src/server-render.tsx). */
interface RendererModule {
  renderFirstScreen(screen: {
    path: string;
    accountId: string;
    account: unknown;
    policies: unknown;
    cookie: string;
    today: string;
  }): Promise<string | undefined>;
}

export type FirstScreenRenderer = (screen: FirstScreen) => Promise<string | undefined>;

/** The file the web build writes the renderer to. */
export const rendererFile = (webDist: string) => path.join(webDist, '.ssr', 'server-render.js');

/** Pages kept, at most this many bytes in all (a policies page is some 40,000). */
const KEPT_PAGES_MAX_BYTES = 16_000_000;

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
  return async (screen) => {
    try {
      return await renderFirstScreen({
        path: screen.path,
        accountId: screen.accountId,
        account: JSON.parse(screen.account),
        policies: JSON.parse(screen.policies),
        cookie: screen.cookie,
        today: screen.today,
      });
    } catch (error) {
      log.error({ err: error, path: screen.path }, 'first-screen render failed');
      return undefined;
    }
  };
}

/**
 * The signed-in pages drawn last, as the bytes sent (docs/decisions/0114): keyed by a hash of
 * everything the page is made of (the path, the account, its account read, the ETag of its
 * policies body, the consent cookies, the day in Paris it counts from), so a page is sent again
 * without being drawn, put together or encoded, and never stale: other data is another key.
 */
export function keptPages() {
  const kept = new LRUCache<string, Buffer>({
    maxSize: KEPT_PAGES_MAX_BYTES,
    sizeCalculation: (page) => Math.max(1, page.length),
  });
  return {
    keyOf(parts: readonly string[]): string {
      const hash = createHash('sha1');
      for (const part of parts) hash.update(part).update('\0');
      return hash.digest('base64');
    },
    get: (key: string) => kept.get(key),
    set: (key: string, page: Buffer) => void kept.set(key, page),
  };
}
