import { parseIpv4Literal } from '@homecam/shared';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors/app-error.js';

/** Whom a passkey is for: the host name (WebAuthn's RP ID) and the page origin the browser reports. */
export interface RelyingParty {
  rpId: string;
  origin: string;
}

const refused = (why: string) => new AppError('PASSKEY_ORIGIN_REFUSED', `passkeys need ${why}`);

/**
 * The relying party of a request: the RP ID is the host the browser used, the origin the page's. HomeCam has no
 * configured public URL, so both come from the request: the Origin header (set by the browser, not by page
 * scripts) must name the same host and port as the Host header (X-Forwarded-Host behind a trusted proxy), and
 * its host name is the RP ID. A page on another site, or a request rebound to this server under a foreign name,
 * therefore never gets a ceremony for this host, and the authenticator's answer must carry exactly this origin
 * and this RP ID's hash. The scheme is taken from the Origin header, so a TLS-terminating proxy that keeps the
 * Host works. IP addresses are refused: browsers only make passkeys for host names (`localhost` counts).
 */
export function relyingPartyOf(request: FastifyRequest): RelyingParty {
  const header = request.headers.origin;
  if (typeof header !== 'string' || header.length > 300) throw refused('the page origin (Origin header)');
  let origin: URL;
  try {
    origin = new URL(header);
  } catch {
    throw refused('a valid page origin');
  }
  if ((origin.protocol !== 'https:' && origin.protocol !== 'http:') || origin.origin !== header.toLowerCase()) {
    throw refused('a valid page origin');
  }
  let requested: string;
  try {
    requested = new URL(`${origin.protocol}//${request.host}`).host;
  } catch {
    throw refused('a valid Host header');
  }
  if (requested !== origin.host) throw refused('the page to be served by this host');
  const rpId = origin.hostname;
  if (rpId.startsWith('[') || parseIpv4Literal(rpId) !== null) throw refused('a host name, not an IP address');
  return { rpId, origin: origin.origin };
}
