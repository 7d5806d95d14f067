// The first reads of a signed-in page, sent with the page itself
// (docs/decisions/0067-first-reads-in-the-page.md): the account and the policies, read through the
// API's own routes (app.inject with the caller's session cookie: the same authentication, scope,
// kept bodies and serialisation as the browser's own request), then written into index.html as a
// non-executable JSON block (`<script type="application/json">`, which the CSP's script-src does
// not govern since it never runs). `<` is escaped, so no text of the data can close the element.
// A policies list longer than one page (a `Link: rel="next"`) is not inlined: the browser reads
// it, with its next pages, as usual, and the page's `Link` header preloads its first page.
import { API_PREFIX, API_ROUTES, apiPath } from '@espace/contract';
import type { FastifyInstance } from 'fastify';

export interface FirstReads {
  /** The JSON block's text, `<` escaped; undefined when nothing could be read. */
  json: string | undefined;
  /** The reads inlined, parsed (for the first screen the server draws, first-screen.ts). */
  account?: unknown;
  policies?: unknown;
  /** API paths to preload instead (what could not be inlined). */
  preload: string[];
}

export const FIRST_READS_ELEMENT_ID = 'portal-first-reads';

export async function firstReads(
  app: FastifyInstance,
  accountId: string,
  cookie: string,
): Promise<FirstReads> {
  const paths = {
    account: `${API_PREFIX}${apiPath(API_ROUTES.account, { accountId })}`,
    policies: `${API_PREFIX}${apiPath(API_ROUTES.policies, { accountId })}`,
  };
  const read = (url: string) => app.inject({ method: 'GET', url, headers: { cookie } });
  const [account, policies] = await Promise.all([read(paths.account), read(paths.policies)]);
  const parts: string[] = [];
  const preload: string[] = [];
  const reads: Pick<FirstReads, 'account' | 'policies'> = {};
  if (account.statusCode === 200) {
    parts.push(`"account":${account.body}`);
    reads.account = account.json();
  } else preload.push(paths.account);
  const paged = /rel="next"/.test(String(policies.headers.link ?? ''));
  if (policies.statusCode === 200 && !paged) {
    parts.push(`"policies":${policies.body}`);
    reads.policies = policies.json();
  } else preload.push(paths.policies);
  return {
    json: parts.length ? `{${parts.join(',')}}`.replace(/</g, '\\u003c') : undefined,
    preload,
    ...reads,
  };
}
