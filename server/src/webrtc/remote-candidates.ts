import { isIP } from 'node:net';
import { networkInterfaces } from 'node:os';

/**
 * Which of the browser's ICE candidates our socket can use. libjuice pairs every remote candidate with its one
 * socket and checks the pairs one at a time, one every 50 ms (STUN pacing), so a candidate it cannot reach costs
 * the answer a pacing slot: an IPv6 candidate for a socket bound to an IPv4 address fails at send (EAFNOSUPPORT),
 * and a LAN address checked from a socket bound to loopback answers from another address (a non-symmetric pair).
 * The browser's nominated pair then waits its turn behind them: ~100 ms of a page's first frame (issue 18).
 * RFC 8445 §6.1.2.2 pairs only candidates of the same address family; a loopback socket reaches loopback only.
 * With no bind address (the wildcard socket) every candidate is kept: then we cannot tell what the socket reaches.
 *
 * A socket bound to loopback serves only a browser on this same machine, and Chromium offers no loopback candidate:
 * its host candidates carry this machine's own addresses, on sockets bound to every address (its answer to a check
 * sent to its LAN address comes from loopback). Such a candidate is given to libjuice at the loopback address with
 * its port, so that our first check is symmetric and succeeds at once.
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

/** This machine's own addresses (every interface), for telling a same-machine browser's candidates. */
export function ownAddresses(): Set<string> {
  return new Set(Object.values(networkInterfaces()).flatMap((entries) => (entries ?? []).map((entry) => entry.address.toLowerCase())));
}

/**
 * The candidate line as a socket bound to `bindAddress` (none: every interface) can check it, or null when it cannot:
 * unchanged, or moved to loopback (a same-machine browser's own address, for a loopback socket).
 */
export function usableCandidate(line: string, bindAddress: string | undefined, own: () => Set<string> = ownAddresses): string | null {
  if (!bindAddress || isWildcard(bindAddress)) return line;
  const address = candidateAddress(line);
  // not a candidate, or a name (an mDNS `.local` host): libjuice decides
  if (address === null || isIP(address) === 0) return line;
  if (isIP(address) !== isIP(bindAddress)) return null;
  if (!isLoopback(bindAddress) || isLoopback(address)) return line;
  if (!own().has(address.toLowerCase())) return null;
  const fields = line.split(' ');
  fields[4] = isIP(bindAddress) === 4 ? '127.0.0.1' : '::1';
  return fields.join(' ');
}

/** The offer with only the candidate lines our socket can use, moved as usableCandidate() does (other lines as they were). */
export function keepUsableCandidates(sdp: string, bindAddress: string | undefined, own: () => Set<string> = ownAddresses): string {
  if (!bindAddress || isWildcard(bindAddress)) return sdp;
  const eol = sdp.includes('\r\n') ? '\r\n' : '\n';
  const kept: string[] = [];
  const candidates = new Set<string>();
  for (const line of sdp.split(eol)) {
    if (!line.startsWith('a=candidate:')) kept.push(line);
    else {
      const usable = usableCandidate(line, bindAddress, own);
      if (usable !== null && !candidates.has(usable)) kept.push(usable);
      if (usable !== null) candidates.add(usable);
    }
  }
  return kept.join(eol);
}
