import type { CameraStreamName } from '@homecam/shared';
import { untilFirstPicture } from '../../early/after-first-picture';
import type { EarlyRoute } from '../../early/page-preload';
import { EarlyPicture, EARLY_PICTURE_LAYER_CLASS } from './early-picture';
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
  /** The picture the early script shows of it (showEarlyPicture), until a player adopts both. */
  picture: EarlyPicture | null;
}

/** What a player takes over: the socket, and the early picture when it plays in the player's own <video>. */
export interface EarlyClaim {
  link: LiveLink;
  picture: EarlyPicture | null;
}

/**
 * The early socket lives on the window, not in this module: the early script is a separate inline script with its
 * own copy of this code (a module script would wait for the app's big bundles to be parsed), the app has another.
 */
const shared = globalThis as { __homecamEarlyLive?: EarlyLive | null; __homecamAppStarting?: boolean };

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
  // An app already starting (this script came late) has its own player: a picture over it would only hide it.
  if (!camera || !token || shared.__homecamEarlyLive || shared.__homecamAppStarting) return null;
  const link = new LiveLink({ camera, stream: 'main', webrtc: webrtcSupported(), getToken: () => token, location: env.location, createSocket: env.createSocket });
  const timer = setTimeout(() => {
    const early = shared.__homecamEarlyLive;
    if (early?.link !== link) return;
    shared.__homecamEarlyLive = null;
    discard(early);
  }, UNCLAIMED_MS);
  shared.__homecamEarlyLive = { link, timer, picture: null };
  return link;
}

/**
 * Plays the early socket in a <video> of its own, in a layer over the page, until the player adopts it (see
 * early-picture.ts). A picture that fails gives up the socket with it: the player then opens its own.
 */
export function showEarlyPicture(document: Document): EarlyPicture | null {
  const early = shared.__homecamEarlyLive;
  if (!early || early.picture) return null;
  const layer = document.createElement('div');
  layer.className = EARLY_PICTURE_LAYER_CLASS;
  // The early script runs inline in <head>, before the parser made <body> (the dev server's may run later).
  (document.body ?? document.documentElement).append(layer);
  const picture = new EarlyPicture(early.link, layer, () => {
    if (shared.__homecamEarlyLive?.picture !== picture) return;
    clearTimeout(early.timer);
    shared.__homecamEarlyLive = null;
    discard(early);
  });
  early.picture = picture;
  return picture;
}

/**
 * The app's start: resolves once the early picture shows its first frame or gave up, at most `maxWaitMs` on; at once
 * without one. From now on the early script (should it run only now) starts nothing.
 */
export function earlyPictureShown(maxWaitMs: number): Promise<void> {
  shared.__homecamAppStarting = true;
  return untilFirstPicture(shared.__homecamEarlyLive?.picture?.shown ?? null, maxWaitMs);
}

/** Whether the early script plays a camera's picture now (the app's start then shows it instead of the splash). */
export function earlyPictureOnScreen(): boolean {
  return !!shared.__homecamEarlyLive?.picture;
}

/** The early picture of `camera`, for its player to put where its own <video> would be; it stays claimable. */
export function earlyPictureFor(camera: string, stream: CameraStreamName): EarlyPicture | null {
  const early = shared.__homecamEarlyLive;
  return early?.picture && early.link.options.camera === camera && early.link.options.stream === stream ? early.picture : null;
}

/**
 * The early socket for a player of `camera` playing into `video`, once: only while it is open and when it is what the
 * player would open itself (same stream, same transport); with its picture only when that picture is `video` (the
 * player adopted it). Otherwise null and the player opens its own.
 */
export function claimEarlyLive(camera: string, stream: CameraStreamName, webrtc: boolean, video: HTMLVideoElement): EarlyClaim | null {
  const candidate = shared.__homecamEarlyLive;
  if (!candidate) return null;
  const { camera: earlyCamera, stream: earlyStream, webrtc: earlyWebrtc } = candidate.link.options;
  if (earlyCamera !== camera || earlyStream !== stream || earlyWebrtc !== webrtc) return null;
  shared.__homecamEarlyLive = null;
  clearTimeout(candidate.timer);
  const { link, picture } = candidate;
  // A picture in another element has taken the socket's messages so far: the player cannot go on from them.
  if (link.open && (!picture || picture.video === video)) return { link, picture };
  discard(candidate);
  return null;
}

/**
 * Closes the early socket and takes its picture away when nobody took them and the app no longer shows their camera:
 * it went to another page (`pathname`: a redirect, the user moved on) or found no such camera (null). Without this
 * the picture covered a page without a player until UNCLAIMED_MS.
 */
export function releaseEarlyLive(pathname: string | null): void {
  const early = shared.__homecamEarlyLive;
  if (!early) return;
  if (pathname !== null && earlyPage(pathname)?.camera === early.link.options.camera) return;
  shared.__homecamEarlyLive = null;
  clearTimeout(early.timer);
  discard(early);
}

function discard({ link, picture }: EarlyLive): void {
  picture?.end();
  link.peer?.close();
  link.close();
}
