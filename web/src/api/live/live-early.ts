import type { CameraStreamName } from '@homecam/shared';
import type { EarlyRoute } from '../../early/page-preload';
import { LiveLink } from './live-link';
import { webrtcSupported } from './recv-peer';

/**
 * The live socket of a camera page, opened by the page's first script (src/early-live.ts) as soon as it arrived,
 * while the app's bundle still loads: the sign-in, the WebRTC offer, ICE and DTLS (or the MSE init segment
 * and the buffered GOP) then happen in parallel with loading the app, the session check and the camera's data,
 * instead of after them. The player of that camera takes it over (LiveConnection → claimEarlyLive). No app
 * imports beyond the live link: this runs before React, i18n and the schemas are loaded.
 */

/** localStorage key of the stored session (STORAGE_KEYS.user; live-early.test.ts keeps them equal). */
export const SESSION_STORAGE_KEY = 'user';
/** An early socket nobody took within this long (no access to the camera, a redirect) is closed. */
export const UNCLAIMED_MS = 10_000;

interface EarlyLive {
  link: LiveLink;
  timer: ReturnType<typeof setTimeout>;
}

/**
 * The early socket lives on the window, not in this module: the early script is a separate classic script with its
 * own copy of this code (a module script would wait for the app's big bundles to be parsed), the app has another.
 */
const shared = globalThis as { __homecamEarlyLive?: EarlyLive | null };

/** A camera's page (/cameras/<name>) or feed (/cameras/<name>/feed) and its camera; null on every other page. */
export function earlyPage(pathname: string): { route: EarlyRoute; camera: string } | null {
  const match = /^\/cameras\/([^/]+)(\/feed)?\/?$/.exec(pathname);
  if (!match?.[1]) return null;
  try {
    return { route: match[2] ? 'camera-feed' : 'camera', camera: decodeURIComponent(match[1]) };
  } catch {
    return null;
  }
}

/** The stored session's access token, read without the app's schemas (the server checks it anyway). */
export function storedAccessToken(storage: Pick<Storage, 'getItem'>): string | null {
  try {
    const session: unknown = JSON.parse(storage.getItem(SESSION_STORAGE_KEY) ?? 'null');
    const token = typeof session === 'object' && session !== null ? (session as { access_token?: unknown }).access_token : null;
    return typeof token === 'string' && token.length > 0 ? token : null;
  } catch {
    return null;
  }
}

export interface EarlyLiveEnvironment {
  location: Pick<Location, 'pathname' | 'protocol' | 'host'>;
  storage: Pick<Storage, 'getItem'>;
  createSocket?: (url: string) => WebSocket;
}

/** Opens the live socket of the page's camera when the page is a camera page and a session is stored. */
export function startEarlyLive(env: EarlyLiveEnvironment): LiveLink | null {
  const camera = earlyPage(env.location.pathname)?.camera;
  const token = storedAccessToken(env.storage);
  if (!camera || !token || shared.__homecamEarlyLive) return null;
  const link = new LiveLink({ camera, stream: 'main', webrtc: webrtcSupported(), getToken: () => token, location: env.location, createSocket: env.createSocket });
  const timer = setTimeout(() => {
    if (shared.__homecamEarlyLive?.link !== link) return;
    shared.__homecamEarlyLive = null;
    discard(link);
  }, UNCLAIMED_MS);
  shared.__homecamEarlyLive = { link, timer };
  return link;
}

/**
 * The early socket for a player of `camera`, once: only while it is open and when it is what the player would open
 * itself (same stream, same transport); otherwise null and the player opens its own.
 */
export function claimEarlyLive(camera: string, stream: CameraStreamName, webrtc: boolean): LiveLink | null {
  const candidate = shared.__homecamEarlyLive;
  if (!candidate) return null;
  const { camera: earlyCamera, stream: earlyStream, webrtc: earlyWebrtc } = candidate.link.options;
  if (earlyCamera !== camera || earlyStream !== stream || earlyWebrtc !== webrtc) return null;
  shared.__homecamEarlyLive = null;
  clearTimeout(candidate.timer);
  if (candidate.link.open) return candidate.link;
  discard(candidate.link);
  return null;
}

function discard(link: LiveLink): void {
  link.peer?.close();
  link.close();
}
