import type { CameraStreamName, LiveTransport } from '@homecam/shared';

export type PauseReason = 'hidden' | 'offscreen' | 'user';

export interface LiveConnectionOptions {
  camera: string;
  stream?: CameraStreamName;
  /** The stored access token; sent as the first message, never in the URL. */
  getToken: () => string | null;
  /** Injected by tests. */
  createSocket?: (url: string) => WebSocket;
  location?: Pick<Location, 'protocol' | 'host'>;
  /** Try WebRTC first (default: when the browser has RTCPeerConnection). */
  webrtc?: boolean;
}

/** Same origin, ws: or wss: like the page. */
export function liveSocketUrl(location: Pick<Location, 'protocol' | 'host'>, camera: string, stream: CameraStreamName = 'main', transport: LiveTransport = 'mse'): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const query = [stream === 'sub' ? 'stream=sub' : '', transport === 'webrtc' ? 'transport=webrtc' : ''].filter(Boolean).join('&');
  return `${scheme}//${location.host}/api/cameras/${encodeURIComponent(camera)}/live${query ? `?${query}` : ''}`;
}
