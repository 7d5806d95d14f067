// The portal's first screen drawn by the server (docs/decisions/0105-react-and-the-first-screen-drawn-by-the-server.md):
// the web build's renderer (apps/web/src/server-render.tsx, built by `vite build --ssr` into
// `.ssr/` of the portal's build) draws the policies page, with its shell, from the first reads
// the page carries (first-reads.ts), and the browser hydrates it. Loaded from the build the server
// serves, so the HTML and the scripts that hydrate it always come from one build.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';

/** What the renderer is given: the path shown, the account, its reads and the browser's cookies. */
export interface FirstScreen {
  path: string;
  accountId: string;
  account: unknown;
  policies: unknown;
  /** The request's `Cookie` header: the cookie banner shows unless the consent cookie is there. */
  cookie: string;
}

/** The renderer's module (apps/web/src/server-render.tsx). */
interface RendererModule {
  renderFirstScreen(screen: FirstScreen): Promise<string | undefined>;
}

export type FirstScreenRenderer = (screen: FirstScreen) => Promise<string | undefined>;

/** The file the web build writes the renderer to. */
export const rendererFile = (webDist: string) => path.join(webDist, '.ssr', 'server-render.js');

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
      return await renderFirstScreen(screen);
    } catch (error) {
      log.error({ err: error, path: screen.path }, 'first-screen render failed');
      return undefined;
    }
  };
}
