import { addTrack, libdatachannel } from '../libdatachannel.js';

/** An RTP packet as the test client saw it. */
export interface RtpPacket {
  payloadType: number;
  sequence: number;
  timestamp: number;
  marker: boolean;
  /** NAL types in it: a single NAL, each of a STAP-A, or the inner type of a FU-A start. */
  nalTypes: number[];
  at: number;
}

export interface RtpClient {
  /**
   * The recvonly offer without candidates, and the candidates to trickle once the answer is in: ICE and the
   * server's DTLS handshake (it is `setup:active`) then cannot start before this client knows the answer, which
   * libdatachannel as offerer does not survive (Chromium does: it keeps an early handshake).
   */
  offer(): Promise<{ sdp: string; candidates: { candidate: string; mid: string }[] }>;
  accept(answer: string): void;
  packets: RtpPacket[];
  /** RTP of the audio track (only with `audio: true`). */
  audio: RtpPacket[];
  /**
   * With `microphone: true` (the audio offered sendrecv, like a page that may talk): sends one Opus RTP packet on
   * the audio track as this client's microphone (its SSRC is rewritten to the one the offer announced).
   */
  sendMicrophone(packet: Buffer): boolean;
  state(): string;
  close(): void;
}

export function parseRtp(packet: Buffer): RtpPacket | null {
  if (packet.length < 12 || packet[0]! >> 6 !== 2) return null;
  const payloadType = packet[1]! & 0x7f;
  if (payloadType >= 72 && payloadType <= 79) return null; // RTCP
  let offset = 12 + (packet[0]! & 0x0f) * 4;
  if (packet[0]! & 0x10) offset += 4 + packet.readUInt16BE(offset + 2) * 4;
  const payload = packet.subarray(offset);
  const type = payload[0]! & 0x1f;
  const nalTypes: number[] = [];
  if (type === 28 && payload[1]! & 0x80) nalTypes.push(payload[1]! & 0x1f);
  else if (type === 24) {
    for (let p = 1; p + 2 < payload.length; p += 2 + payload.readUInt16BE(p)) nalTypes.push(payload[p + 2]! & 0x1f);
  } else if (type !== 28) nalTypes.push(type);
  return { payloadType, sequence: packet.readUInt16BE(2), timestamp: packet.readUInt32BE(4), marker: (packet[1]! & 0x80) !== 0, nalTypes, at: Date.now() };
}

/**
 * A receive-only WebRTC client in Node (libdatachannel), offering like a browser: VP8 first, then H.264 in two
 * profiles, so the server has to pick the right payload type; with `audio`, also recvonly Opus (payload type 111,
 * as Chromium offers it). Bound to loopback.
 */
export async function rtpClient(options: { audio?: boolean; microphone?: boolean } = {}): Promise<RtpClient> {
  // The client shares the server's libdatachannel (one per process): it holds it running as a viewer does.
  const lease = await libdatachannel.acquire();
  const { PeerConnection, Video, Audio, RtcpReceivingSession } = lease.lib;
  const pc = new PeerConnection('test-client', { iceServers: [], bindAddress: '127.0.0.1' });
  const video = new Video('0', 'RecvOnly');
  video.addVP8Codec(96);
  video.addH264Codec(102, 'level-asymmetry-allowed=1;packetization-mode=0;profile-level-id=42e01f');
  video.addH264Codec(106, 'level-asymmetry-allowed=1;packetization-mode=1;profile-level-id=42e01f');
  video.addH264Codec(108, 'level-asymmetry-allowed=1;packetization-mode=1;profile-level-id=4d001f');
  const track = addTrack(pc, video);
  track.setMediaHandler(new RtcpReceivingSession());
  const packets: RtpPacket[] = [];
  track.onMessage((message) => {
    const packet = parseRtp(Buffer.from(message));
    if (packet) packets.push(packet);
  });
  const audio: RtpPacket[] = [];
  // node-datachannel drops a track's callbacks when its JS object is garbage-collected: the client keeps them.
  const tracks = [track];
  const micSsrc = 0x1234abcd;
  let sendMicrophone: RtpClient['sendMicrophone'] = () => false;
  if (options.audio || options.microphone) {
    const media = new Audio('1', options.microphone ? 'SendRecv' : 'RecvOnly');
    media.addOpusCodec(111);
    if (options.microphone) media.addSSRC(micSsrc, 'test-mic', 'test-mic', 'mic');
    const audioTrack = addTrack(pc, media);
    sendMicrophone = (packet) => {
      const copy = Buffer.from(packet);
      copy.writeUInt32BE(micSsrc, 8);
      return audioTrack.isOpen() && audioTrack.sendMessageBinary(copy);
    };
    tracks.push(audioTrack);
    audioTrack.setMediaHandler(new RtcpReceivingSession());
    audioTrack.onMessage((message) => {
      const packet = parseRtp(Buffer.from(message));
      if (packet) audio.push(packet);
    });
  }
  let state = 'new';
  pc.onStateChange((s) => (state = s));
  return {
    packets,
    audio,
    sendMicrophone: (packet) => sendMicrophone(packet),
    offer: () =>
      new Promise((resolve) => {
        pc.onGatheringStateChange((s) => {
          if (s !== 'complete') return;
          const sdp = pc.localDescription()?.sdp ?? '';
          const candidates = [...sdp.matchAll(/^a=(candidate:[^\r\n]+)/gm)].map((m) => ({ candidate: m[1]!, mid: '0' }));
          resolve({ sdp: sdp.replace(/^a=(?:candidate:[^\r\n]+|end-of-candidates)\r?\n/gm, ''), candidates });
        });
        pc.setLocalDescription();
      }),
    accept: (answer) => pc.setRemoteDescription(answer, 'answer'),
    state: () => state,
    close: () => {
      pc.close();
      tracks.length = 0;
      lease.release();
    },
  };
}
