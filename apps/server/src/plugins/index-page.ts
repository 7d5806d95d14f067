// index.html as the server sends it (plugins/spa.ts): the build's template with, for a signed-in
// page, the account named in the head, the first screen's files, the screen drawn by the server
// and the reads the page carries (docs/decisions/0067, 0105, 0114).
import { escapeHtml } from '../http/html';
import { inlineBrandScript, type BrandScript } from '../http/brand-script';
import { FIRST_READS_ELEMENT_ID, firstReadsJson, type FirstReads } from './first-reads';

/** The identity provider as the page names it (SpaOptions['oidc']). */
export interface PageProvider {
  embedded: boolean;
  accountUrl?: string | undefined;
}

/** Who the page is for: the signed-in account, and the path to show after a sign-in. */
export interface PageFor {
  accountId: string;
  path?: string | undefined;
  /** The account and policies reads (first-reads.ts). */
  first?: FirstReads;
  /** The first screen drawn by the server (first-screen.ts), for `#root`. */
  screen?: string | undefined;
  /**
   * The day in Paris that screen was drawn on: the browser takes the screen over counting from
   * it, so that a page drawn before midnight and taken over after it is not drawn again.
   */
  drawnOn?: string | undefined;
  /** The first screen's scripts, fetched and compiled while the entry runs. */
  modules?: string[];
  /**
   * The first screen's style sheets, asked for with the page: otherwise the entry's import of the
   * portal asks for them once it runs, and renders once they have come (a round trip more for a
   * browser that does not have them yet).
   */
  styles?: string[];
}

/** Where the portal renders, in the built index.html. */
const ROOT_ELEMENT = '<div id="root"></div>';

/** A read the page could not carry, preloaded with it (credentials same-origin, as fetch()). */
export const preloadLinks = (paths: string[]) =>
  paths.map((path) => `<${path}>; rel=preload; as=fetch; crossorigin`).join(', ');

/**
 * index.html for `page` (none: a public page). In the head: the brand script inline, the
 * meta tags naming the provider and the account, the first screen's scripts and style sheets.
 * In the body: the first screen the server drew, then the reads the page carries (after it, so
 * the parser reaches the cards first). A page with its first screen drawn is not painted before
 * that screen is parsed whole (`rel=expect … blocking=render`): one layout of the page instead
 * of one per piece the parser reached.
 */
export function renderIndex(
  template: string,
  oidc: PageProvider,
  page?: PageFor,
  brandScript?: BrandScript,
): string {
  const listed = (file: string) => template.includes(`/${file}"`);
  const tags = [
    `<meta name="identity-provider" content="${oidc.embedded ? 'embedded' : 'external'}">`,
    ...(oidc.accountUrl
      ? [`<meta name="oidc-account-url" content="${escapeHtml(oidc.accountUrl)}">`]
      : []),
    ...(page ? [`<meta name="portal-account" content="${escapeHtml(page.accountId)}">`] : []),
    ...(page?.path ? [`<meta name="portal-path" content="${escapeHtml(page.path)}">`] : []),
    ...(page?.screen
      ? [`<link rel="expect" href="#${FIRST_READS_ELEMENT_ID}" blocking="render">`]
      : []),
    ...(page?.screen && page.drawnOn
      ? [`<meta name="portal-drawn-on" content="${escapeHtml(page.drawnOn)}">`]
      : []),
    ...(page?.modules ?? [])
      .filter((file) => !listed(file))
      .map((file) => `<link rel="modulepreload" href="/${escapeHtml(file)}">`),
    ...(page?.styles ?? [])
      .filter((file) => !listed(file))
      .map((file) => `<link rel="stylesheet" href="/${escapeHtml(file)}">`),
  ];
  const json = page?.first && firstReadsJson(page.first);
  const reads = json
    ? `<script type="application/json" id="${FIRST_READS_ELEMENT_ID}">${json}</script>`
    : '';
  const html = inlineBrandScript(template, brandScript).replace(
    '<!--app-config-->',
    tags.join('\n    '),
  );
  return html.replace(ROOT_ELEMENT, `<div id="root">${page?.screen ?? ''}</div>${reads}`);
}
