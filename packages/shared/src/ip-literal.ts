/**
 * IP literals as the programs HomeCam starts read them, without node:net (the web app checks camera sources too).
 * An IPv4 host is parsed the way glibc's inet_aton does it for getaddrinfo, which ffmpeg calls: `127.1`,
 * `2130706433`, `0x7f000001` and `0177.0.0.1` are all 127.0.0.1. An IPv6 literal may carry a zone (`%eth0`)
 * and an IPv4 tail (`::ffff:127.0.0.1`); the IPv4 addresses hidden in it by the standard embeddings are found
 * by embeddedIpv4.
 */

import { trimCharEnd } from './text.js';

const IPV4_PART = /^(?:0x[0-9a-f]*|0[0-7]*|[1-9]\d*)$/i;

function ipv4Part(text: string): number | null {
  if (!IPV4_PART.test(text) || text.length > 12) return null;
  if (/^0x/i.test(text)) return text.length === 2 ? 0 : parseInt(text.slice(2), 16);
  if (text.length > 1 && text.startsWith('0')) return parseInt(text.slice(1), 8);
  return Number(text);
}

/** An IPv4 literal as a 32-bit unsigned number, or null when `text` is not one (a name, an IPv6 literal). */
export function parseIpv4Literal(text: string): number | null {
  const parts = text.split('.');
  if (parts.length > 4) return null;
  const values: number[] = [];
  for (const part of parts) {
    const value = ipv4Part(part);
    if (value === null) return null;
    values.push(value);
  }
  const last = values.pop() ?? 0;
  if (values.some((value) => value > 255)) return null;
  const lastBytes = 4 - values.length;
  if (last >= 2 ** (8 * lastBytes)) return null;
  const high = values.reduce((sum, value, index) => sum + value * 2 ** (8 * (3 - index)), 0);
  return high + last;
}

/** The eight 16-bit words of an IPv6 literal (brackets and a zone are removed), or null when it is not one. */
export function parseIpv6Literal(text: string): number[] | null {
  let body = text.replace(/^\[(.*)\]$/, '$1');
  const zone = body.indexOf('%');
  if (zone >= 0) body = body.slice(0, zone);
  if (!/^[0-9a-f:.]{2,45}$/i.test(body) || !body.includes(':')) return null;
  let tail: number[] = [];
  if (body.includes('.')) {
    // An IPv4 tail (`::ffff:127.0.0.1`): strict dotted decimal, as inet_pton wants it.
    const lastColon = body.lastIndexOf(':');
    const bytes = body.slice(lastColon + 1).split('.');
    if (bytes.length !== 4 || bytes.some((byte) => !/^\d{1,3}$/.test(byte) || Number(byte) > 255)) return null;
    const [a, b, c, d] = bytes.map(Number) as [number, number, number, number];
    tail = [a * 256 + b, c * 256 + d];
    body = body.slice(0, lastColon + 1);
    if (!body.endsWith('::')) body = body.slice(0, -1);
  }
  const halves = body.split('::');
  if (halves.length > 2) return null;
  const words = (half: string | undefined): number[] | null => {
    if (!half) return [];
    const groups = half.split(':');
    if (groups.some((group) => !/^[0-9a-f]{1,4}$/i.test(group))) return null;
    return groups.map((group) => parseInt(group, 16));
  };
  const head = words(halves[0]);
  const rest = words(halves[1]);
  if (!head || !rest) return null;
  const given = head.length + rest.length + tail.length;
  if (halves.length === 1) return given === 8 ? [...head, ...tail] : null;
  if (given > 7) return null;
  return [...head, ...new Array<number>(8 - given).fill(0), ...rest, ...tail];
}

/**
 * The IPv4 address an IPv6 address carries by one of the standard embeddings, else null: IPv4-mapped
 * `::ffff:a.b.c.d`, IPv4-compatible `::a.b.c.d`, IPv4-translated `::ffff:0:a.b.c.d`, NAT64 `64:ff9b::a.b.c.d`
 * and its local-use `64:ff9b:1::/48` (the address in the last 32 bits), and 6to4 `2002:AABB:CCDD::`.
 */
export function embeddedIpv4(words: readonly number[]): number | null {
  const [w0, w1, w2, w3, w4, w5, w6, w7] = words as [number, number, number, number, number, number, number, number];
  const low = w6 * 65_536 + w7;
  const zeroUpTo = (count: number) => words.slice(0, count).every((word) => word === 0);
  if (zeroUpTo(5) && w5 === 0xffff) return low; // mapped
  if (zeroUpTo(4) && w4 === 0xffff && w5 === 0) return low; // translated
  if (zeroUpTo(6) && w6 !== 0) return low; // compatible (:: and ::1 are IPv6's own)
  if (w0 === 0x64 && w1 === 0xff9b && w2 === 0 && w3 === 0 && w4 === 0 && w5 === 0) return low; // NAT64
  if (w0 === 0x64 && w1 === 0xff9b && w2 === 1) return low; // NAT64 local use
  if (w0 === 0x2002) return w1 * 65_536 + w2; // 6to4
  return null;
}

/** 127.0.0.1 for 2130706433. */
export function formatIpv4(value: number): string {
  return [24, 16, 8, 0].map((shift) => Math.floor(value / 2 ** shift) % 256).join('.');
}

const inV4 = (value: number, network: string, prefix: number): boolean => {
  const base = parseIpv4Literal(network) ?? 0;
  const size = 2 ** (32 - prefix);
  return value >= base && value < base + size;
};

/**
 * Where a URL host leads when a camera source names it, without DNS:
 * - `metadata`: link-local (169.254.0.0/16, fe80::/10) and the cloud metadata services (fd00:ec2::/64,
 *   100.100.100.200, their well-known names), in any IPv4 or IPv6 spelling. Never a camera.
 * - `loopback`: this machine (127.0.0.0/8, 0.0.0.0/8, ::1, ::, `localhost` and its variants).
 * - null: anything else, LAN addresses and names included (a name that resolves inside is not seen here).
 */
export type HostReach = 'metadata' | 'loopback';

const METADATA_NAMES = new Set(['metadata.google.internal', 'metadata.goog', 'instance-data', 'instance-data.ec2.internal']);
const LOOPBACK_NAMES = new Set(['localhost', 'localhost.localdomain', 'ip6-localhost', 'ip6-loopback']);

function ipv4Reach(value: number): HostReach | null {
  if (inV4(value, '169.254.0.0', 16) || value === parseIpv4Literal('100.100.100.200')) return 'metadata';
  if (inV4(value, '127.0.0.0', 8) || inV4(value, '0.0.0.0', 8)) return 'loopback';
  return null;
}

export function hostReach(rawHost: string): HostReach | null {
  const host = trimCharEnd(rawHost.toLowerCase(), '.');
  if (METADATA_NAMES.has(host)) return 'metadata';
  if (LOOPBACK_NAMES.has(host) || host.endsWith('.localhost')) return 'loopback';
  const v4 = parseIpv4Literal(host);
  if (v4 !== null) return ipv4Reach(v4);
  const words = parseIpv6Literal(host);
  if (!words) return null;
  const embedded = embeddedIpv4(words);
  const fromEmbedded = embedded === null ? null : ipv4Reach(embedded);
  if (fromEmbedded) return fromEmbedded;
  if ((words[0] ?? 0) >> 6 === 0x3fa) return 'metadata'; // fe80::/10
  if (words[0] === 0xfd00 && words[1] === 0x0ec2 && words[2] === 0 && words[3] === 0) return 'metadata';
  if (words.slice(0, 7).every((word) => word === 0) && (words[7] ?? 0) <= 1) return 'loopback'; // ::1 and ::
  return null;
}
