import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { isInternalAddress, resolveHost, type ResolveHost } from '../security/public-address.js';

/**
 * The server's one way to fetch a URL on someone's behalf (dashboard weather and feeds). The host is resolved
 * once, every address is checked, and the connection goes to the checked address (the socket's lookup is pinned
 * to it), so a name cannot point at the home network between the check and the connect (DNS rebinding).
 * Redirects are followed by hand and each hop is checked the same way. Body size and total time are capped.
 */
export type OutboundFailure = 'URL_INVALID' | 'ADDRESS_REFUSED' | 'UNREACHABLE' | 'TIMEOUT' | 'TOO_LARGE' | 'HTTP_STATUS' | 'TOO_MANY_REDIRECTS';

export class OutboundError extends Error {
  constructor(
    readonly reason: OutboundFailure,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'OutboundError';
  }
}

export interface FetchPublicOptions {
  timeoutMs: number;
  maxBytes: number;
  accept: string;
  /**
   * Internal addresses allowed: only for URLs an admin wrote into config.json (a local weather proxy, the tests'
   * fake provider). Never for URLs a user typed.
   */
  trusted?: boolean | undefined;
  maxRedirects?: number | undefined;
}

export interface FetchedBody {
  url: string;
  status: number;
  contentType: string;
  body: Buffer;
}

export type PublicFetch = (url: URL, options: FetchPublicOptions) => Promise<FetchedBody>;

export interface FetchPublicDeps {
  resolve?: ResolveHost | undefined;
  /** Which addresses are refused (default isInternalAddress); tests of the success path widen it, never the app. */
  isRefused?: ((address: string) => boolean) | undefined;
}

const DEFAULT_MAX_REDIRECTS = 3;

/** http(s), no credentials, no empty host: anything else is refused before any lookup. */
export function checkOutboundUrl(url: URL): void {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OutboundError('URL_INVALID', `scheme ${url.protocol} is not allowed`);
  if (url.username !== '' || url.password !== '') throw new OutboundError('URL_INVALID', 'credentials in URLs are not allowed');
  if (url.hostname === '') throw new OutboundError('URL_INVALID', 'the URL has no host');
}

/** The address to connect to: the first of the host's addresses, all of which must pass (unless trusted). */
async function pickAddress(hostname: string, trusted: boolean, deps: Required<FetchPublicDeps>): Promise<{ address: string; family: 4 | 6 }> {
  const bare = hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (isIP(bare) !== 0) addresses = [bare];
  else {
    const name = bare.toLowerCase().replace(/\.$/, '');
    // `localhost` names this machine whatever DNS says (RFC 6761); refused by name, not only by its addresses.
    if (!trusted && (name === 'localhost' || name.endsWith('.localhost'))) {
      throw new OutboundError('ADDRESS_REFUSED', `${hostname} is a local name`);
    }
    try {
      addresses = await deps.resolve(bare);
    } catch {
      throw new OutboundError('UNREACHABLE', `${hostname} does not resolve`);
    }
  }
  if (addresses.length === 0) throw new OutboundError('UNREACHABLE', `${hostname} does not resolve`);
  if (!trusted && addresses.some((address) => deps.isRefused(address))) {
    throw new OutboundError('ADDRESS_REFUSED', `${hostname} resolves to an internal address`);
  }
  const address = addresses[0] ?? '';
  return { address, family: isIP(address) === 6 ? 6 : 4 };
}

/** One request to the pinned address; resolves with the response head (the body is still to be read). */
function send(url: URL, pinned: { address: string; family: 4 | 6 }, accept: string, signal: AbortSignal): Promise<IncomingMessage> {
  // The socket's own lookup answers with the checked address: no second DNS query the answer could differ in.
  const lookup: LookupFunction = (_host, options, callback) => {
    if (options.all) callback(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'GET', headers: { accept, 'user-agent': 'HomeCam' }, lookup, signal, agent: false }, resolve);
    req.on('error', reject);
    req.end();
  });
}

/** Reads the body up to `maxBytes`; one byte more ends the request with TOO_LARGE. */
async function readCapped(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(response.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    response.destroy();
    throw new OutboundError('TOO_LARGE', `the answer declares ${declared} bytes`);
  }
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of response) {
    const buffer = chunk as Buffer;
    total += buffer.length;
    if (total > maxBytes) {
      response.destroy();
      throw new OutboundError('TOO_LARGE', `the answer is larger than ${maxBytes} bytes`);
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

function failureOf(error: unknown, signal: AbortSignal): OutboundError {
  if (error instanceof OutboundError) return error;
  if (signal.aborted) return new OutboundError('TIMEOUT', 'the request timed out');
  return new OutboundError('UNREACHABLE', error instanceof Error ? error.message : String(error));
}

/** A fetcher bound to its address rules (the app passes none: the real lookup and the internal ranges). */
export function createPublicFetch(deps: FetchPublicDeps = {}): PublicFetch {
  const rules: Required<FetchPublicDeps> = { resolve: deps.resolve ?? resolveHost, isRefused: deps.isRefused ?? isInternalAddress };
  return async (start, options) => {
    const signal = AbortSignal.timeout(options.timeoutMs);
    const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
    let url = start;
    try {
      for (let hop = 0; ; hop++) {
        checkOutboundUrl(url);
        // Trust covers the admin's configured origin only: a redirect elsewhere is checked like a user's URL.
        const pinned = await pickAddress(url.hostname, options.trusted === true && url.origin === start.origin, rules);
        const response = await send(url, pinned, options.accept, signal);
        const status = response.statusCode ?? 0;
        const location = response.headers.location;
        if (status >= 300 && status < 400 && location) {
          response.resume();
          if (hop >= maxRedirects) throw new OutboundError('TOO_MANY_REDIRECTS', `more than ${maxRedirects} redirects`);
          try {
            url = new URL(location, url);
          } catch {
            throw new OutboundError('URL_INVALID', 'the redirect target is not a URL');
          }
          continue;
        }
        if (status < 200 || status >= 300) {
          response.resume();
          throw new OutboundError('HTTP_STATUS', `the server answered ${status}`, status);
        }
        const body = await readCapped(response, options.maxBytes);
        return { url: url.href, status, contentType: String(response.headers['content-type'] ?? ''), body };
      }
    } catch (error) {
      throw failureOf(error, signal);
    }
  };
}
