import { hostReach, parseCameraSource, parseOnvifAddress, urlSourceHost } from '@homecam/shared';
import { AppError } from '../errors/app-error.js';

const SOURCE_KEYS = ['source', 'subSource', 'stillImageSource'] as const;

function sourcesOf(camera: Record<string, unknown> | undefined): Partial<Record<(typeof SOURCE_KEYS)[number], unknown>> {
  const videoConfig = camera?.videoConfig;
  return videoConfig !== null && typeof videoConfig === 'object' ? videoConfig : {};
}

/** Whether a source text leads to this machine (a parse failure is the grammar's to report, not this rule's). */
function leadsHere(text: string): boolean {
  try {
    const host = urlSourceHost(parseCameraSource(text));
    return host !== null && hostReach(host) === 'loopback';
  } catch {
    return false;
  }
}

/**
 * F4: a camera source makes the server open a connection (ffmpeg, the still image), so it is also a way to reach
 * what only the server can reach. Link-local and cloud metadata hosts are refused for everyone by the source
 * grammar; this machine itself (loopback: a local go2rtc or RTSP proxy) is for admins only. Only sources that are
 * new or changed count, so a camera editor may still rename a camera an admin pointed at 127.0.0.1.
 * Names that merely resolve to loopback are not seen here (no DNS at validation; see README, security).
 */
export function refuseLocalSourcesOfNonAdmin(next: Record<string, unknown>, stored: Record<string, unknown> | undefined, admin: boolean): void {
  if (admin) return;
  const before = sourcesOf(stored);
  const after = sourcesOf(next);
  for (const key of SOURCE_KEYS) {
    const value = after[key];
    if (typeof value !== 'string' || value === before[key] || !leadsHere(value)) continue;
    throw new AppError('CAMERA_SOURCE_ADMIN_ONLY', 'only an admin can point a camera at this server (a loopback address)', [
      { path: `videoConfig.${key}`, message: 'CAMERA_SOURCE_ADMIN_ONLY' },
    ]);
  }
  const onvifUrl = onvifUrlOf(next);
  if (onvifUrl !== null && onvifUrl !== onvifUrlOf(stored) && onvifLeadsHere(onvifUrl)) {
    throw new AppError('CAMERA_SOURCE_ADMIN_ONLY', 'only an admin can point a camera at this server (a loopback address)', [
      { path: 'onvif.url', message: 'CAMERA_SOURCE_ADMIN_ONLY' },
    ]);
  }
}

function onvifUrlOf(camera: Record<string, unknown> | undefined): string | null {
  const onvif = camera?.onvif;
  const url = onvif !== null && typeof onvif === 'object' ? (onvif as { url?: unknown }).url : undefined;
  return typeof url === 'string' ? url : null;
}

/** Issue 22: the ONVIF address is an outgoing address of the server too (SOAP requests), under the same rule. */
export function onvifLeadsHere(text: string): boolean {
  try {
    return hostReach(parseOnvifAddress(text).hostname) === 'loopback';
  } catch {
    return false;
  }
}
