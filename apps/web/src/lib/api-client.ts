// The one way to call /api/v1: the session cookie goes with every call (same origin), JSON in
// and out, and errors kept as errors (never turned into empty successes). A write carries the
// portal's same-origin header (lib/auth.ts); a 401 means the session has ended: the browser
// goes to sign-in and comes back to the same page. A read sends no header of its own, so it
// matches the request the page preloaded (plugins/spa.ts). Paths are built with the contract's
// apiPath(API_ROUTES.x, params), relative to API_PREFIX.
import { API_PREFIX, type ErrorBody } from '@espace/contract';
import { SAME_ORIGIN_HEADERS, signIn } from './auth';
import { nextIdempotencyHeader } from './idempotency';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody | string | undefined,
  ) {
    super(typeof body === 'object' ? body.error.message : `HTTP ${status}`);
    this.name = 'ApiError';
  }

  /** The error of a refused response, with its body (its `fields` go under the form's fields). */
  static async of(response: Response): Promise<ApiError> {
    return new ApiError(response.status, await readBody(response).catch(() => undefined));
  }
}

export interface ApiRequest extends Omit<RequestInit, 'body'> {
  json?: unknown;
  body?: BodyInit;
  timeoutMs?: number;
}

async function send(path: string, init: ApiRequest): Promise<Response> {
  const headers = new Headers(init.headers);
  let body = init.body;
  if (init.json !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(init.json);
  }
  const signal = init.timeoutMs ? AbortSignal.timeout(init.timeoutMs) : init.signal;
  return fetch(`${API_PREFIX}${path}`, { ...init, headers, body, signal });
}

async function readBody(response: Response): Promise<ErrorBody | string | undefined> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as ErrorBody;
  } catch {
    return text;
  }
}

/** Calls the API and returns the raw response (for blobs and per-status handling). */
export async function apiResponse(path: string, init: ApiRequest = {}): Promise<Response> {
  // A write of a form submission carries its idempotency key (lib/idempotency.ts).
  const method = (init.method ?? 'GET').toUpperCase();
  if (method !== 'GET' && method !== 'HEAD') {
    const headers = new Headers(init.headers);
    const added = { ...SAME_ORIGIN_HEADERS, ...nextIdempotencyHeader() };
    for (const [name, value] of Object.entries(added)) headers.set(name, value);
    init = { ...init, headers };
  }
  const response = await send(path, init);
  if (response.status === 401) await signIn();
  return response;
}

/** Calls the API; resolves with the JSON body (or undefined for 204), rejects with ApiError. */
export async function api<T>(path: string, init: ApiRequest = {}): Promise<T> {
  const response = await apiResponse(path, init);
  if (!response.ok) throw await ApiError.of(response);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

/**
 * Calls a list read and follows its `Link: <…>; rel="next"` pages (the policies read of a fleet
 * account, POLICIES_PAGE_SIZE), resolving with every item in order.
 */
export async function apiList<T>(path: string): Promise<T[]> {
  const items: T[] = [];
  let next: string | undefined = path;
  while (next) {
    const response = await apiResponse(next);
    if (!response.ok) throw new ApiError(response.status, await readBody(response));
    items.push(...((await response.json()) as T[]));
    const link = /<([^>]+)>;\s*rel="next"/.exec(response.headers.get('link') ?? '')?.[1];
    next = link?.startsWith(API_PREFIX) ? link.slice(API_PREFIX.length) : undefined;
  }
  return items;
}
