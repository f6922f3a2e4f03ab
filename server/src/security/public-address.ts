import { embeddedIpv4, formatIpv4, parseIpv6Literal } from '@homecam/shared';
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Addresses the server must never send a request to on a user's word (web push endpoints): loopback, private,
 * shared (CGNAT), link-local, unique-local, multicast and unspecified ranges. Otherwise a signed-in user could
 * aim the server's POSTs at the router or another device on the home network.
 */
const INTERNAL = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const) {
  INTERNAL.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  // Discard-only, NAT64 for local use (the operator's own translator), Teredo and documentation: never a feed.
  ['100::', 64],
  ['64:ff9b:1::', 48],
  ['2001::', 32],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  INTERNAL.addSubnet(network, prefix, 'ipv6');
}

/**
 * True for an IP literal in an internal range (see INTERNAL); false for a public address or a non-IP. An IPv6
 * address that carries an IPv4 one (mapped, compatible, translated, NAT64, 6to4: embeddedIpv4) is judged by that
 * IPv4 address too, so `[::127.0.0.1]`, `[64:ff9b::10.0.0.1]` or `[2002:c0a8:101::]` are internal (N13).
 */
export function isInternalAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const version = isIP(bare);
  if (version === 4) return INTERNAL.check(bare, 'ipv4');
  if (version !== 6) return false;
  const words = parseIpv6Literal(bare);
  const v4 = words ? embeddedIpv4(words) : null;
  if (v4 !== null && INTERNAL.check(formatIpv4(v4), 'ipv4')) return true;
  const zone = bare.indexOf('%');
  return INTERNAL.check(zone < 0 ? bare : bare.slice(0, zone), 'ipv6');
}

/** A URL host that names this machine or the local network without DNS: `localhost`, `*.localhost`, internal IPs. */
export function isInternalHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return host === 'localhost' || host.endsWith('.localhost') || isInternalAddress(host);
}

export type ResolveHost = (hostname: string) => Promise<string[]>;

export const resolveHost: ResolveHost = async (hostname) => (await lookup(hostname, { all: true })).map((entry) => entry.address);

/**
 * Whether a hostname resolves only to public addresses right now. Checked just before each request, so a name
 * that later points inside (DNS rebinding) is caught at the next send; the window between this lookup and the
 * connection's own remains (fetch offers no lookup hook).
 */
export async function resolvesPublic(hostname: string, resolve: ResolveHost = resolveHost): Promise<boolean> {
  if (isInternalHost(hostname)) return false;
  if (isIP(hostname.replace(/^\[|\]$/g, '')) !== 0) return true;
  const addresses = await resolve(hostname);
  return addresses.length > 0 && !addresses.some(isInternalAddress);
}
