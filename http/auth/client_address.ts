/**
 * Whose request is it: the socket's peer, or, behind the shop's own reverse proxies, the
 * address the nearest trusted proxy saw. `X-Forwarded-For` is a list that each proxy
 * appends its peer to; only the entries trusted proxies wrote can be believed, and the
 * client can put anything at its start.
 *
 * - `none`: the peer; the header is ignored.
 * - `hops` (N proxies in front, each appending): the Nth entry from the right of the
 *   header followed by the peer. The shop must then be reachable only through those
 *   proxies (listen on loopback with `HOST=127.0.0.1`, or a firewall).
 * - `addresses` (the proxies' addresses or CIDR ranges): the header is believed only when
 *   the peer is one of them, and read from the right past every trusted address.
 */
import ipaddr from "ipaddr.js";

export type TrustProxy =
  | { kind: "none" }
  | { kind: "hops"; hops: number }
  | { kind: "addresses"; ranges: readonly string[] };

/** What the deployment's TRUST_PROXY says; `true` is one appending proxy. */
export type TrustProxySetting = TrustProxy | boolean | undefined;

export function trustOf(setting: TrustProxySetting): TrustProxy {
  if (setting === undefined || setting === false) return { kind: "none" };
  if (setting === true) return { kind: "hops", hops: 1 };
  return setting;
}

/** Whether `text` is an IPv4 (four decimal parts) or IPv6 address. */
function isAddress(text: string): boolean {
  return ipaddr.IPv4.isValidFourPartDecimal(text) || ipaddr.IPv6.isValid(text);
}

/** Whether `text` is an IPv4 or IPv6 address, or a CIDR range of either. */
export function isAddressOrRange(text: string): boolean {
  if (!text.includes("/")) return isAddress(text);
  return isAddress(text.split("/")[0]) && safe(() => ipaddr.parseCIDR(text)) !== undefined;
}

function safe<T>(fn: () => T): T | undefined {
  try {
    return fn();
  } catch {
    return undefined;
  }
}

/** An address with IPv4-mapped IPv6 (`::ffff:10.0.0.1`) written as IPv4. */
function normal(text: string): string {
  return safe(() => ipaddr.process(text).toString()) ?? text;
}

function inRanges(address: string, ranges: readonly string[]): boolean {
  const parsed = safe(() => ipaddr.process(address));
  if (!parsed) return false;
  return ranges.some((range) => {
    const [base, bits] = range.includes("/")
      ? ipaddr.parseCIDR(range)
      : [ipaddr.process(range), ipaddr.process(range).kind() === "ipv4" ? 32 : 128];
    const probe = base.kind() === "ipv4" ? parsed : safe(() => ipaddr.parse(address));
    return probe !== undefined && probe.kind() === base.kind() && probe.match(base, bits);
  });
}

/**
 * The client's address from the socket's peer and the `X-Forwarded-For` header.
 *
 * @example
 * clientAddressOf("127.0.0.1", "6.6.6.6, 198.51.100.7", { kind: "hops", hops: 1 })
 * // "198.51.100.7": the entry the one proxy appended; the client wrote "6.6.6.6"
 */
export function clientAddressOf(
  peer: string,
  forwardedFor: string | undefined,
  trust: TrustProxy,
): string {
  if (trust.kind === "none" || !forwardedFor) return normal(peer);
  const chain = [
    ...forwardedFor.split(",").map((entry) => entry.trim()).filter(Boolean),
    peer,
  ].map(normal);
  if (trust.kind === "hops") return chain[Math.max(0, chain.length - 1 - trust.hops)];
  let index = chain.length - 1;
  while (index > 0 && inRanges(chain[index], trust.ranges)) index--;
  return chain[index];
}

/** IPv6 clients are counted by this prefix unless told: a home or a phone gets a /64. */
export const DEFAULT_IPV6_PREFIX_LENGTH = 64;

/**
 * The group a client's address is counted in by every per-address limit: an IPv4 address
 * alone; an IPv6 address by its network of `ipv6PrefixLength` bits (a /64 holds 2^64
 * addresses, and one customer's line is given a whole one). Anything else is itself.
 *
 * @example
 * addressGroup("2001:db8:1:2:aaaa::7") // "2001:db8:1:2::/64"
 * addressGroup("198.51.100.7") // "198.51.100.7"
 */
export function addressGroup(
  address: string,
  ipv6PrefixLength: number = DEFAULT_IPV6_PREFIX_LENGTH,
): string {
  const parsed = safe(() => ipaddr.process(address));
  if (!parsed) return address;
  if (parsed.kind() !== "ipv6") return parsed.toString();
  const network = ipaddr.IPv6.networkAddressFromCIDR(`${parsed.toString()}/${ipv6PrefixLength}`);
  return `${network.toString()}/${ipv6PrefixLength}`;
}
