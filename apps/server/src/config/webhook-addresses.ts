// Which addresses a webhook may reach (docs/integration.md « Webhooks »,
// docs/decisions/0091-webhooks-public-addresses-and-secrets-at-rest.md), read by the
// configuration, the registration of an endpoint and each delivery's connection, which all judge
// a URL by what it says itself with `literalRefusal` (the registration and the delivery then
// judge a name by its resolution) and word a refusal with the contract's texts (`refusalText`).
// Enforces:
// - an address is reachable when it is public unicast (ipaddr.js's `range()` is 'unicast') or
//   when a network of WEBHOOK_ALLOWED_NETWORKS covers it; every other range is refused: loopback,
//   private, link-local (the cloud's metadata service, 169.254.169.254), unique-local, CGNAT,
//   multicast, broadcast, unspecified (0.0.0.0 reaches the machine itself), reserved and
//   documentation ranges, and the IPv6 forms that carry an IPv4 address (NAT64, 6to4, Teredo,
//   and the deprecated IPv4-compatible ::/96, `[::127.0.0.1]`, which ipaddr.js calls unicast;
//   `::` and `::1` keep their own ranges);
// - an IPv4-mapped IPv6 address (::ffff:127.0.0.1) is judged as the IPv4 address it reaches;
// - an address is a literal `net.isIP` reads as one: the URL parser has already turned the
//   decimal, octal, hexadecimal and short IPv4 notations into dotted quads
//   (`http://2130706433/`, `http://127.000.000.001/` → 127.0.0.1), and a name is judged by the
//   addresses its resolution gives;
// - plain http is accepted only with WEBHOOK_ALLOW_LOCAL_HTTP (never in production), and only to
//   a literal loopback address; that address must still be allowed like any other.
import { isIP } from 'node:net';
import { WEBHOOK_MESSAGES, webhookAddressRefused } from '@espace/contract';
import ipaddr from 'ipaddr.js';

export type Network = [ipaddr.IPv4 | ipaddr.IPv6, number];

/** Every address of a host name (the system's resolver: /etc/hosts, then DNS). */
export type Resolve = (hostname: string) => Promise<{ address: string; family: number }[]>;

/** Why an address is refused: the address as connected to, and its range (ipaddr.js's name). */
export interface AddressRefusal {
  address: string;
  range: string;
}

/** What a URL may be, whatever its name resolves to. */
export interface LiteralPolicy {
  /** Networks reachable besides public addresses (WEBHOOK_ALLOWED_NETWORKS). */
  allowedNetworks: readonly Network[];
  /** http accepted to a literal loopback address (WEBHOOK_ALLOW_LOCAL_HTTP). */
  allowLocalHttp: boolean;
}

/** Why a URL may not receive webhooks: its scheme, or an address (`host` as written). */
export type UrlRefusal = { kind: 'scheme' } | ({ kind: 'address'; host: string } & AddressRefusal);

/** The networks of WEBHOOK_ALLOWED_NETWORKS: CIDRs (or single addresses) separated by commas. */
export function parseNetworks(text: string | undefined, problems: string[]): Network[] {
  const networks: Network[] = [];
  for (const item of (text ?? '').split(/[\s,]+/).filter(Boolean)) {
    const [address = '', bits, ...rest] = item.split('/');
    const family = isIP(address);
    const max = family === 4 ? 32 : 128;
    const prefix = bits === undefined ? max : Number(bits);
    if (!family || rest.length || (bits !== undefined && !/^\d{1,3}$/.test(bits)) || prefix > max) {
      problems.push(
        `WEBHOOK_ALLOWED_NETWORKS: « ${item} » n’est pas un réseau (10.20.0.0/16, fd12::/64, 192.0.2.7)`,
      );
      continue;
    }
    networks.push([ipaddr.parse(address), prefix]);
  }
  return networks;
}

/** The address a connection to `address` reaches: an IPv4-mapped IPv6 address is its IPv4. */
function reached(address: string): ipaddr.IPv4 | ipaddr.IPv6 {
  const ip = ipaddr.parse(address);
  return ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()
    ? (ip as ipaddr.IPv6).toIPv4Address()
    : ip;
}

/** The deprecated IPv4-compatible IPv6 addresses (RFC 4291 §2.5.5.1), `::` and `::1` aside. */
const IPV4_COMPATIBLE = ipaddr.IPv6.parse('::');

/** Undefined when a webhook may connect to `address` (an IP literal), else why not. */
export function addressRefusal(
  address: string,
  allowed: readonly Network[],
): AddressRefusal | undefined {
  if (!isIP(address)) return { address, range: 'invalid' };
  const ip = reached(address);
  if (allowed.some(([network, bits]) => network.kind() === ip.kind() && ip.match(network, bits)))
    return undefined;
  const compatible = ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).match(IPV4_COMPATIBLE, 96);
  const range = ip.range();
  if (range === 'unicast' && !compatible) return undefined;
  return { address: ip.toString(), range: range === 'unicast' ? 'ipv4Compatible' : range };
}

/** The host of a parsed URL as an IP literal (without an IPv6's brackets), or undefined. */
export function literalAddress(url: URL): string | undefined {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  return isIP(host) ? host : undefined;
}

/** Whether `url`'s scheme may receive webhooks: https, or http to a literal loopback address. */
function schemeAllowed(url: URL, allowLocalHttp: boolean): boolean {
  if (url.protocol === 'https:') return true;
  if (url.protocol !== 'http:' || !allowLocalHttp) return false;
  const address = literalAddress(url);
  return address !== undefined && reached(address).range() === 'loopback';
}

/**
 * Why `url` may not receive webhooks, judged from the URL alone (no resolution): its scheme,
 * then its address when it is written as one. Undefined for a name with an allowed scheme.
 */
export function literalRefusal(url: URL, policy: LiteralPolicy): UrlRefusal | undefined {
  if (!schemeAllowed(url, policy.allowLocalHttp)) return { kind: 'scheme' };
  const host = literalAddress(url);
  const refusal = host === undefined ? undefined : addressRefusal(host, policy.allowedNetworks);
  return refusal && { kind: 'address', host: host!, ...refusal };
}

/** A refusal in the contract's French: the API's answer, a delivery's `lastError`. */
export function refusalText(refusal: UrlRefusal): string {
  return refusal.kind === 'scheme'
    ? WEBHOOK_MESSAGES.localUrl
    : webhookAddressRefused(refusal.host, refusal.address, refusal.range);
}
