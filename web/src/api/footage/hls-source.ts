import type Hls from 'hls.js';
import type { ErrorData, HlsConfig, LevelLoadedData } from 'hls.js';
import type { ClockSegment } from '../../lib/footage-clock';

/** Why recorded playback stopped, as the UI names it (history:player.errors.<code>). */
export type FootageErrorCode = 'unsupported' | 'network' | 'media' | 'forbidden';

export interface HlsSourceEvents {
  /** The playlist is in: its segments with media and wall-clock times. */
  onSegments: (segments: ClockSegment[]) => void;
  onError: (code: FootageErrorCode) => void;
}

/** hls.js itself, fetched the first time recorded footage is played (its own chunk, not in the app's start-up). */
export async function loadHls(): Promise<typeof Hls> {
  return (await import('hls.js/light')).default;
}

/**
 * Settings for VOD of our own segments: no worker (the CSP allows workers from the app's origin only, and fMP4
 * needs no transmuxing), a minute of buffer ahead so 8× plays without starving, half a minute kept behind for
 * stepping and short rewinds, and the bearer token on every playlist and segment request.
 */
function hlsConfig(getToken: () => string | null): Partial<HlsConfig> {
  return {
    enableWorker: false,
    autoStartLoad: false,
    maxBufferLength: 60,
    maxMaxBufferLength: 120,
    backBufferLength: 30,
    // Seeking across a gap jumps the hole in the buffer instead of waiting at its edge.
    maxBufferHole: 0.5,
    xhrSetup: (xhr: XMLHttpRequest) => {
      const token = getToken();
      if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    },
  };
}

/** The playlist's segments as the wall-clock map needs them (those without a date cannot be placed: left out). */
export function clockSegments(details: LevelLoadedData['details']): ClockSegment[] {
  return details.fragments
    .filter((fragment) => fragment.programDateTime !== null)
    .map((fragment) => ({ start: fragment.start, duration: fragment.duration, date: fragment.programDateTime ?? 0 }));
}

/** hls.js's ErrorTypes enum is a value of the library: compared as text, so this module does not load it. */
const isMediaError = (data: ErrorData) => String(data.type) === 'mediaError';

/** A fatal hls.js error as one of our codes; a media error is first retried once by the caller. */
export function errorCode(data: ErrorData): FootageErrorCode {
  const status = data.response?.code;
  if (status === 401 || status === 403) return 'forbidden';
  return isMediaError(data) ? 'media' : 'network';
}

/** One hls.js instance on one <video>, reporting the playlists it loads and its fatal errors. */
export function createHls(HlsClass: typeof Hls, video: HTMLVideoElement, getToken: () => string | null, events: HlsSourceEvents): Hls {
  const hls = new HlsClass(hlsConfig(getToken));
  let recoveredMedia = false;
  hls.on(HlsClass.Events.LEVEL_LOADED, (_event, data) => events.onSegments(clockSegments(data.details)));
  hls.on(HlsClass.Events.ERROR, (_event, data) => {
    // A playlist without segments (nothing recorded in its range) is an answer, not a failure.
    if (String(data.details) === 'levelEmptyError') return events.onSegments([]);
    if (!data.fatal) return;
    if (isMediaError(data) && !recoveredMedia) {
      recoveredMedia = true;
      hls.recoverMediaError();
      return;
    }
    events.onError(errorCode(data));
  });
  hls.attachMedia(video);
  return hls;
}
