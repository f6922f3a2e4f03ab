import { parseLiveServerMessage } from '@homecam/shared';
import { rtpClient, type RtpClient } from '../../src/webrtc/test-support/rtp-client.js';
import { openLive, type LiveClient } from './live.js';

/**
 * A WebRTC live viewer as the player is one: opens the live socket with `?transport=webrtc`, sends the offer right
 * behind the auth message, takes the answer the moment it arrives and then trickles its candidates
 * (`webrtc-candidate`). The caller closes both (`live.close()`, `rtp.close()`).
 */
export async function openWebrtcViewer(url: string, camera: string, token: string, client: { audio?: boolean; microphone?: boolean } = {}): Promise<{ live: LiveClient; rtp: RtpClient }> {
  const rtp = await rtpClient(client);
  const offer = await rtp.offer();
  const live = openLive(url, camera, { token, transport: 'webrtc' });
  live.ws.on('message', (data: Buffer, isBinary) => {
    const message = isBinary ? null : parseLiveServerMessage(data.toString('utf8'));
    if (message?.type !== 'webrtc-answer') return;
    rtp.accept(message.sdp);
    for (const candidate of offer.candidates) live.send({ type: 'webrtc-candidate', ...candidate });
  });
  await live.opened;
  live.send({ type: 'webrtc-offer', sdp: offer.sdp });
  return { live, rtp };
}
