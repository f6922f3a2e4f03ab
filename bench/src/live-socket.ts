import WebSocket from 'ws';

/** A bench viewer's live socket (docs/api-contract-cameras.md), MSE by default or asking for WebRTC. */
export function openLiveSocket(baseUrl: string, camera: string, transport: 'mse' | 'webrtc' = 'mse'): WebSocket {
  const query = transport === 'webrtc' ? '?transport=webrtc' : '';
  const url = `${baseUrl.replace(/^http/, 'ws')}/api/cameras/${encodeURIComponent(camera)}/live${query}`;
  return new WebSocket(url, { perMessageDeflate: false });
}

/** Closes politely; a server that does not answer the close within 2 s is cut off, so a bench never hangs on it. */
export function closeLiveSocket(ws: WebSocket): Promise<void> {
  if (ws.readyState === WebSocket.CLOSED) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      ws.terminate();
      resolve();
    }, 2_000);
    ws.once('close', () => {
      clearTimeout(timer);
      resolve();
    });
    ws.close(1000);
  });
}
