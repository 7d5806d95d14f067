// How webhooks reach an endpoint without reaching the broker's own networks (docs/integration.md
// « Webhooks », docs/decisions/0091-webhooks-public-addresses-and-secrets-at-rest.md). Enforces:
// - a name is judged by every address it resolves to (webhook-addresses.ts): one refused address
//   refuses the name, since a client may connect to any of them;
// - a delivery's socket resolves its host through `guardedLookup`, so the address judged is the
//   address connected to: a name that resolves to an internal address only at delivery time (DNS
//   rebinding, a record changed after the registration) is refused before any connection, and a
//   literal address is judged before the request is made (Node does not look a literal up);
// - the request is one POST with a deadline; redirects are never followed (node:http follows none:
//   a 3xx is an answer like any other), the answer's body is never read.
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import {
  addressRefusal,
  literalAddress,
  literalRefusal,
  refusalText,
  type LiteralPolicy,
  type Resolve,
  type UrlRefusal,
} from '../../config/webhook-addresses';

const systemResolve: Resolve = (hostname) =>
  dns.promises.lookup(hostname, { all: true, verbatim: true });

export interface AddressPolicy extends LiteralPolicy {
  /** How host names are resolved: the system's resolver unless a test gives its own. */
  resolve?: Resolve | undefined;
}

/**
 * A destination refused before any connection: an address, or plain http, not allowed. Its
 * message, the contract's French, is the row's `last_error`, read by the integration API.
 */
export class DestinationRefusedError extends Error {
  constructor(readonly refusal: UrlRefusal) {
    super(refusalText(refusal));
    this.name = 'DestinationRefusedError';
  }
}

/** The addresses of `hostname`, each allowed; DestinationRefusedError when one is not. */
async function allowedAddresses(hostname: string, policy: AddressPolicy) {
  const addresses = await (policy.resolve ?? systemResolve)(hostname);
  for (const { address } of addresses) {
    const refusal = addressRefusal(address, policy.allowedNetworks);
    if (refusal) throw new DestinationRefusedError({ kind: 'address', host: hostname, ...refusal });
  }
  return addresses;
}

/** A socket's `lookup` that answers only with allowed addresses, as net.connect asks for them. */
export function guardedLookup(policy: AddressPolicy): LookupFunction {
  return (hostname, options, callback) => {
    allowedAddresses(hostname, policy).then(
      (all) => {
        const family =
          options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : options.family;
        const wanted = family ? all.filter((a) => a.family === family) : all;
        if (wanted.length === 0) {
          const err = Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), {
            code: 'ENOTFOUND',
            hostname,
          });
          callback(err, '', 0);
        } else if (options.all) callback(null, wanted);
        else callback(null, wanted[0]!.address, wanted[0]!.family);
      },
      (err: Error) => callback(err, '', 0),
    );
  };
}

/** Longest wait for a name's resolution when an endpoint is declared. */
const REGISTRATION_RESOLVE_MS = 5_000;

/**
 * Why `url` may not be declared, or undefined. A literal address is judged as it is; a name by
 * every address it resolves to now. A name that does not resolve (yet), or not in time, is
 * accepted: each delivery judges its addresses again before connecting.
 */
export async function urlRefusal(url: URL, policy: AddressPolicy): Promise<UrlRefusal | undefined> {
  const refusal = literalRefusal(url, policy);
  if (refusal || literalAddress(url) !== undefined) return refusal;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), REGISTRATION_RESOLVE_MS);
  });
  try {
    await Promise.race([allowedAddresses(url.hostname, policy), late]);
    return undefined;
  } catch (err) {
    return err instanceof DestinationRefusedError ? err.refusal : undefined;
  } finally {
    clearTimeout(timer);
  }
}

export interface GuardedPost {
  /** POSTs `body` to `url`; the answer's status. DestinationRefusedError before any connection. */
  (url: string, headers: Record<string, string>, body: string): Promise<number>;
}

/** The one way webhooks are sent: kept-alive connections, each to an address judged allowed. */
export function guardedPost(policy: AddressPolicy, timeoutMs: number): GuardedPost {
  const lookup = guardedLookup(policy);
  const agents = {
    'http:': new http.Agent({ keepAlive: true }),
    'https:': new https.Agent({ keepAlive: true }),
  };
  return (target, headers, body) => {
    const url = new URL(target);
    const refusal = literalRefusal(url, policy);
    if (refusal) return Promise.reject(new DestinationRefusedError(refusal));
    const client = url.protocol === 'https:' ? https : http;
    return new Promise<number>((resolve, reject) => {
      const request = client.request(
        url,
        {
          method: 'POST',
          headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
          agent: agents[url.protocol as 'http:' | 'https:'],
          lookup,
          signal: AbortSignal.timeout(timeoutMs),
        },
        (response) => {
          // The answer's body is not read; it is drained so the connection can be reused.
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      );
      request.on('error', reject);
      request.end(body);
    });
  };
}
