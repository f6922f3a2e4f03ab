import { trimCharEnd } from '@homecam/shared';
import { isAbsolute, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { isLogLevel, LOG_LEVELS, type LogLevel } from '../logger.js';

export interface RuntimeOptions {
  /** undefined: config.json's `port`, else 8081. */
  port: number | undefined;
  /** undefined: every interface (IPv6 and IPv4 where available). */
  host: string | undefined;
  dataDir: string;
  adminPassword: string | undefined;
  logLevel: LogLevel | undefined;
  /**
   * Which proxies' X-Forwarded-For to believe (login throttling and logs use the client address). Off by
   * default: without a proxy the header is whatever a client wrote, and believing it would let anyone
   * slip past the throttle.
   */
  trustProxy: TrustProxy;
  /** HOMECAM_WEB_DIR, absolute: the built web app. undefined: web/dist beside the server package. */
  webDir: string | undefined;
  /** HOMECAM_PUSH_SUBJECT: the VAPID contact push services see. undefined: a placeholder (runtime.ts). */
  pushSubject: string | undefined;
  /** HOMECAM_REKOGNITION_ENDPOINT (tests, advanced): the Rekognition API base URL instead of AWS'. */
  rekognitionEndpoint: string | undefined;
  /** HOMECAM_PUBLIC_URL: where HomeCam is reachable from outside, for links in alerts. undefined: no links. */
  publicUrl: string | undefined;
  /** HOMECAM_ONVIF_DISCOVERY=off: "Find cameras" sends no multicast probe (addresses are typed instead). */
  onvifDiscovery: boolean;
}

/** false, true (any hop), a hop count, or addresses/CIDRs/`loopback`/`linklocal`/`uniquelocal` (Fastify's forms). */
export type TrustProxy = boolean | number | string[];

/** Fastify trusts a hop count at run time but its types lack it: the same rule as a function (hop 0 is the socket's peer). */
export function fastifyTrustProxy(trust: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

export const DEFAULT_PORT = 8081;
export const DEFAULT_DATA_DIRNAME = '.homecam';

export class OptionsError extends Error {
  override readonly name = 'OptionsError';
}

export const USAGE = `Usage: homecam [--port <port>] [--data <dir>] [--host <address>]
  --port  TCP port (env HOMECAM_PORT, default ${DEFAULT_PORT}; 0 picks a free one)
  --data  data directory (env HOMECAM_DATA, default ~/${DEFAULT_DATA_DIRNAME})
  --host  address to listen on (env HOMECAM_HOST, default all interfaces)
Env: HOMECAM_ADMIN_PASSWORD (first-start password), HOMECAM_LOG_LEVEL (${LOG_LEVELS.join('|')}),
  HOMECAM_TRUST_PROXY (behind a reverse proxy: true, a hop count, or addresses/CIDRs such as loopback,10.0.0.0/8),
  HOMECAM_WEB_DIR (the built web app), HOMECAM_PUSH_SUBJECT (push contact: a mailto: or https: URL),
  HOMECAM_REKOGNITION_ENDPOINT (tests/advanced: Rekognition API base URL instead of AWS'),
  HOMECAM_PUBLIC_URL (HomeCam's address from outside, for links in alerts),
  HOMECAM_ONVIF_DISCOVERY=off (Find cameras sends no WS-Discovery multicast; camera addresses are typed),
  HOMECAM_ALLOW_ROOT=1 (uid 0 accepted: the root warning is logged but raises no notification)`;

/** An on/off switch that is on unless set to off (or 0, false, no). */
function parseOnOff(value: string | undefined, name: string): boolean {
  const text = value?.trim().toLowerCase() ?? '';
  if (text === '' || ['on', '1', 'true', 'yes'].includes(text)) return true;
  if (['off', '0', 'false', 'no'].includes(text)) return false;
  throw new OptionsError(`${name}: expected on or off, got '${value}'`);
}

const PROXY_ITEM = /^(?:loopback|linklocal|uniquelocal|[0-9a-fA-F.:]+(?:\/\d{1,3})?)$/;

/** HOMECAM_TRUST_PROXY: empty/false → off; true; a whole number of hops; else a comma-separated address list. */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'false' || text === '0') return false;
  if (text === 'true') return true;
  if (/^\d+$/.test(text)) return Number(text);
  const items = text.split(',').map((item) => item.trim()).filter(Boolean);
  const bad = items.find((item) => !PROXY_ITEM.test(item));
  if (bad !== undefined || items.length === 0) {
    throw new OptionsError(`HOMECAM_TRUST_PROXY: expected true, a hop count, or addresses/CIDRs separated by commas, got '${bad ?? text}'`);
  }
  return items;
}

/**
 * HOMECAM_PUSH_SUBJECT: VAPID requires a `mailto:` address or an `https:` URL; push services (Safari's first)
 * refuse anything else, and only at the first push. Empty: undefined (the default applies).
 */
export function parsePushSubject(value: string | undefined): string | undefined {
  const text = value?.trim() ?? '';
  if (text === '') return undefined;
  if (!isPushSubject(text)) throw new OptionsError(`HOMECAM_PUSH_SUBJECT: expected a mailto: address or an https: URL, got '${text}'`);
  return text;
}

/** HOMECAM_REKOGNITION_ENDPOINT: an http(s) URL (a local fake or a compatible service); empty: AWS. */
export function parseRekognitionEndpoint(value: string | undefined): string | undefined {
  const text = value?.trim() ?? '';
  if (text === '') return undefined;
  const url = URL.canParse(text) ? new URL(text) : null;
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) throw new OptionsError(`HOMECAM_REKOGNITION_ENDPOINT: expected an http(s) URL, got '${text}'`);
  return url.toString();
}

function isPushSubject(text: string): boolean {
  if (!URL.canParse(text)) return false;
  const url = new URL(text);
  if (url.protocol === 'mailto:') return /^[^@\s]+@[^@\s]+$/.test(url.pathname);
  return url.protocol === 'https:' && url.hostname !== '';
}

/**
 * An http(s) base URL set by whoever runs the server (HOMECAM_PUBLIC_URL, an alert channel's API root): no
 * credentials, query or fragment, since paths are appended to it. Empty: undefined. Trailing slashes dropped.
 */
export function parseBaseUrl(value: string | undefined, name: string): string | undefined {
  const text = value?.trim() ?? '';
  if (text === '') return undefined;
  const url = URL.canParse(text) ? new URL(text) : null;
  if (!url || !['http:', 'https:'].includes(url.protocol) || url.username || url.password || url.search || url.hash) {
    throw new OptionsError(`${name}: expected an http(s) URL without credentials, query or fragment, got '${text}'`);
  }
  return trimCharEnd(url.href, '/');
}

function parsePort(value: string, source: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isInteger(port) || port < 0 || port > 65535) {
    throw new OptionsError(`${source}: expected a port number 0-65535, got '${value}'`);
  }
  return port;
}

function expandHome(path: string, homeDir: string): string {
  if (path === '~') return homeDir;
  if (path.startsWith('~/')) return join(homeDir, path.slice(2));
  return isAbsolute(path) ? path : resolve(path);
}

/** CLI beats env beats defaults. Pure: argv and env are passed in so tests need no process. */
export function parseRuntimeOptions(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  homeDir: string,
): RuntimeOptions & { help: boolean } {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        port: { type: 'string', short: 'p' },
        data: { type: 'string', short: 'd' },
        host: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new OptionsError(`${(error as Error).message}\n${USAGE}`);
  }

  const portText = values.port ?? env.HOMECAM_PORT;
  const portSource = values.port !== undefined ? '--port' : 'HOMECAM_PORT';
  const logLevel = env.HOMECAM_LOG_LEVEL || undefined;
  if (logLevel !== undefined && !isLogLevel(logLevel)) {
    throw new OptionsError(`HOMECAM_LOG_LEVEL: expected one of ${LOG_LEVELS.join(', ')}, got '${logLevel}'`);
  }
  return {
    help: values.help === true,
    port: portText ? parsePort(portText, portSource) : undefined,
    host: values.host || env.HOMECAM_HOST || undefined,
    dataDir: expandHome(values.data || env.HOMECAM_DATA || join(homeDir, DEFAULT_DATA_DIRNAME), homeDir),
    adminPassword: env.HOMECAM_ADMIN_PASSWORD || undefined,
    logLevel,
    trustProxy: parseTrustProxy(env.HOMECAM_TRUST_PROXY),
    webDir: env.HOMECAM_WEB_DIR?.trim() ? expandHome(env.HOMECAM_WEB_DIR.trim(), homeDir) : undefined,
    pushSubject: parsePushSubject(env.HOMECAM_PUSH_SUBJECT),
    rekognitionEndpoint: parseRekognitionEndpoint(env.HOMECAM_REKOGNITION_ENDPOINT),
    publicUrl: parseBaseUrl(env.HOMECAM_PUBLIC_URL, 'HOMECAM_PUBLIC_URL'),
    onvifDiscovery: parseOnOff(env.HOMECAM_ONVIF_DISCOVERY, 'HOMECAM_ONVIF_DISCOVERY'),
  };
}
