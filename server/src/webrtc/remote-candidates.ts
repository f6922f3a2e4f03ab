import { isIP } from 'node:net';

/**
 * Which of the browser's ICE candidates our socket can use. libjuice pairs every remote candidate with its one
 * socket and checks the pairs one at a time, one every 50 ms (STUN pacing), so a candidate it cannot reach costs
 * the answer a pacing slot: an IPv6 candidate for a socket bound to an IPv4 address fails at send (EAFNOSUPPORT),
 * and a LAN address checked from a socket bound to loopback answers from another address (a non-symmetric pair).
 * The browser's nominated pair then waits its turn behind them: ~100 ms of a page's first frame (issue 18).
 * RFC 8445 §6.1.2.2 pairs only candidates of the same address family; a loopback socket reaches loopback only.
 * With no bind address (the wildcard socket) every candidate is kept: then we cannot tell what the socket reaches.
 */

const LOOPBACK_V4 = /^127\./;

function isLoopback(address: string): boolean {
  return LOOPBACK_V4.test(address) || address === '::1' || address.toLowerCase().startsWith('::ffff:127.');
}

function isWildcard(address: string): boolean {
  return address === '0.0.0.0' || address === '::';
}

/** The connection address of an `a=candidate:` / `candidate:` line (its fifth field), or null when it has none. */
export function candidateAddress(line: string): string | null {
  const body = line.startsWith('a=') ? line.slice(2) : line;
  if (!body.startsWith('candidate:')) return null;
  // foundation component transport priority address port "typ" type …: bounded, split on single spaces
  const fields = body.slice(0, 512).split(' ');
  return fields.length >= 8 ? (fields[4] ?? null) : null;
}

/** True when a socket bound to `bindAddress` (none: every interface) can check the candidate line. */
export function usableCandidate(line: string, bindAddress: string | undefined): boolean {
  if (!bindAddress || isWildcard(bindAddress)) return true;
  const address = candidateAddress(line);
  // not a candidate, or a name (an mDNS `.local` host): libjuice decides
  if (address === null || isIP(address) === 0) return true;
  if (isIP(address) !== isIP(bindAddress)) return false;
  return !isLoopback(bindAddress) || isLoopback(address);
}

/** The offer without the candidate lines our socket cannot use (every other line as it was). */
export function keepUsableCandidates(sdp: string, bindAddress: string | undefined): string {
  if (!bindAddress || isWildcard(bindAddress)) return sdp;
  const eol = sdp.includes('\r\n') ? '\r\n' : '\n';
  return sdp
    .split(eol)
    .filter((line) => !line.startsWith('a=candidate:') || usableCandidate(line, bindAddress))
    .join(eol);
}
