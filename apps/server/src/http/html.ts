// What the server-rendered pages (oidc/) and the SPA's index.html (plugins/spa.ts) share: HTML
// escaping (platform/html/escape-html.ts, which the mails use too), the answer that sends a
// page, and the addresses of the sign-in page's own style sheet and script, which index.html
// prefetches.
import type { FastifyReply } from 'fastify';

export { escapeHtml } from '../platform/html/escape-html';

/**
 * Sends a page: every HTML answer of the server (the provider's pages, the SPA's and the
 * console's index.html). Never stored by default, by the browser nor by a shared cache (it may
 * carry a form's token or a person's data); `cache: 'no-cache'` for a page that names no one
 * (the SPA's public pages).
 */
export function sendHtml(
  reply: FastifyReply,
  status: number,
  html: string | Buffer,
  cache: 'private, no-store' | 'no-cache' = 'private, no-store',
) {
  return reply
    .code(status)
    .header('cache-control', cache)
    .type('text/html; charset=utf-8')
    .send(html);
}

/** The provider pages' own style sheet (after the brand's). */
export const AUTH_STYLESHEET_PATH = '/brand/auth.css';

/** Where the sign-in form's script is served (oidc/provider/pages.ts SIGN_IN_SCRIPT). */
export const SIGN_IN_SCRIPT_PATH = '/interaction/sign-in.js';
