// The first reads of a signed-in page, sent with the page itself
// (docs/decisions/0067-first-reads-in-the-page.md): the account and the policies, read through the
// API's own services with the page's session (the same session check in the read's statement,
// the same kept policies body, the same JSON as the API answers: the test compares them byte
// for byte), then written into index.html as a non-executable JSON block (`<script
// type="application/json">`, which the CSP's script-src does not govern since it never runs).
// `<` is escaped, so no text of the data can close the element. A policies list longer than one
// page (`more`: the API's `Link: rel="next"`) is not inlined: the browser reads it, with its next
// pages, as usual, and the page's `Link` header preloads its first page.
import { API_PREFIX, API_ROUTES, apiPath } from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import { getAccount } from '../services/account/accounts';
import type { SessionToCheck } from '../services/identity/token-validity';
import { listPoliciesJson } from '../services/policies/policies';

export interface FirstReads {
  /** The account read as the API sends it (JSON text). */
  account?: string;
  /** The policies read as the API sends it (UTF-8 bytes) and its ETag, which names them. */
  policies?: { body: Buffer; etag: string };
  /** API paths to preload instead (what could not be inlined). */
  preload: string[];
}

export const FIRST_READS_ELEMENT_ID = 'portal-first-reads';

/** The account as the API sends it, or undefined when it cannot be read now. */
async function accountJson(app: FastifyInstance, session: SessionToCheck) {
  try {
    const answer = await getAccount(app.db, session);
    return answer.sessionAlive ? JSON.stringify(answer.account) : undefined;
  } catch (error) {
    app.log.warn({ err: error }, 'first reads: the account could not be read');
    return undefined;
  }
}

/** The first page of policies as the API sends it, when it is the whole list. */
async function policiesJson(app: FastifyInstance, session: SessionToCheck) {
  try {
    const answer = await listPoliciesJson(app.db, session, 1);
    return answer.sessionAlive && !answer.more
      ? { body: answer.body, etag: answer.etag }
      : undefined;
  } catch (error) {
    app.log.warn({ err: error }, 'first reads: the policies could not be read');
    return undefined;
  }
}

export async function firstReads(
  app: FastifyInstance,
  session: SessionToCheck,
): Promise<FirstReads> {
  const { accountId } = session;
  const [account, policies] = await Promise.all([
    accountJson(app, session),
    policiesJson(app, session),
  ]);
  const preload: string[] = [];
  if (!account) preload.push(`${API_PREFIX}${apiPath(API_ROUTES.account, { accountId })}`);
  if (!policies) preload.push(`${API_PREFIX}${apiPath(API_ROUTES.policies, { accountId })}`);
  return { preload, ...(account ? { account } : {}), ...(policies ? { policies } : {}) };
}

/** The JSON block's text, `<` escaped; undefined when nothing could be read. */
export function firstReadsJson(first: FirstReads): string | undefined {
  const parts: string[] = [];
  if (first.account) parts.push(`"account":${first.account}`);
  if (first.policies) parts.push(`"policies":${first.policies.body.toString('utf8')}`);
  return parts.length ? `{${parts.join(',')}}`.replace(/</g, '\\u003c') : undefined;
}
