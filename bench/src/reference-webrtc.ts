import { REFERENCE_VIDEO_SETUP } from './reference-page.js';

/**
 * A minimal WebRTC player (the contract's signalling, nothing else), the WebRTC counterpart of the reference MSE
 * player in browser.ts: what the protocol and the server allow, apart from what the web app's player does. Injected
 * into a real page of the server (its origin, for the WebSocket). It marks its <video> `data-transport="webrtc"`
 * only once the server's track arrived, and notes a decline in `__bench.webrtcUnavailable` (no MSE fallback here).
 * The offer goes out with every host candidate once gathering is complete: the server fails a socket that trickles
 * a candidate while it is still checking the token.
 */
export const REFERENCE_WEBRTC_PLAYER_SCRIPT = `(() => {
  ${REFERENCE_VIDEO_SETUP}
  const pc = new RTCPeerConnection({ iceServers: [] });
  pc.addTransceiver('video', { direction: 'recvonly' });
  pc.ontrack = (event) => {
    video.srcObject = event.streams[0] || new MediaStream([event.track]);
    video.setAttribute('data-transport', 'webrtc');
    video.play().catch(() => {});
  };
  const ws = new WebSocket((location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + '/api/cameras/' + encodeURIComponent(camera) + '/live?transport=webrtc');
  const send = (message) => ws.send(JSON.stringify(message));
  ws.onopen = async () => {
    send({ type: 'auth', token: window.__benchToken });
    await pc.setLocalDescription(await pc.createOffer());
    if (pc.iceGatheringState !== 'complete') {
      await new Promise((resolve) => pc.addEventListener('icegatheringstatechange', () => { if (pc.iceGatheringState === 'complete') resolve(); }));
    }
    send({ type: 'webrtc-offer', sdp: pc.localDescription.sdp });
  };
  ws.onmessage = (event) => {
    if (typeof event.data !== 'string') return;
    const message = JSON.parse(event.data);
    if (message.type === 'webrtc-answer') pc.setRemoteDescription({ type: 'answer', sdp: message.sdp });
    else if (message.type === 'webrtc-candidate' && message.candidate) pc.addIceCandidate({ candidate: message.candidate, sdpMid: message.mid }).catch(() => {});
    else if (message.type === 'webrtc-unavailable') window.__bench.webrtcUnavailable = message.reason;
  };
})();`;
