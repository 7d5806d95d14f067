// The one way the console calls its API (/backoffice/api, packages/contract console.ts): the
// console's session cookie goes by itself (same origin), JSON in (or a form with a file) and out,
// errors kept as errors.
// Every write carries SESSION_REQUEST_HEADER, which another site cannot send (the console API
// refuses a write without it). A 401 means the console session has ended: the page is loaded
// again, and the server, finding no session, starts the staff sign-in and comes back to it
// (plugins/console-app.ts). Paths come from the contract's consolePath().
import { SESSION_REQUEST_HEADER, type ErrorBody } from '@espace/contract';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody | undefined,
  ) {
    super(body?.error.message ?? `HTTP ${status}`);
    this.name = 'ApiError';
  }
}

/** The header every write of the console carries. */
export const WRITE_HEADERS: Readonly<Record<string, string>> = { [SESSION_REQUEST_HEADER]: '1' };

/** Loads the page again: without a session the server sends the browser to sign-in. */
export function signInAgain(): Promise<never> {
  window.location.reload();
  return new Promise<never>(() => undefined);
}

async function readError(response: Response): Promise<ErrorBody | undefined> {
  try {
    return (await response.json()) as ErrorBody;
  } catch {
    return undefined;
  }
}

/** Calls the API; resolves with the JSON body (undefined for 204), rejects with ApiError. */
export async function api<T>(
  path: string,
  init: { method?: string; json?: unknown; form?: FormData } = {},
): Promise<T> {
  const method = init.method ?? 'GET';
  const headers = new Headers(method === 'GET' ? {} : WRITE_HEADERS);
  if (init.json !== undefined) headers.set('content-type', 'application/json');
  const response = await fetch(path, {
    method,
    headers,
    // A form sets its own multipart type and boundary.
    body: init.form ?? (init.json === undefined ? undefined : JSON.stringify(init.json)),
  });
  if (response.status === 401) return signInAgain();
  if (!response.ok) throw new ApiError(response.status, await readError(response));
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

/** A query string of the values that are set, in a stable order. */
export function searchOf(values: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(values))
    if (value !== undefined && value !== '') params.set(name, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}
