import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { createSocket } from 'node:dgram';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PrepareStreamRequest, StreamingRequest } from 'hap-nodejs';

/** A free UDP port on 127.0.0.1 (bound, read, released). */
export async function freeUdpPort(): Promise<number> {
  const socket = createSocket('udp4');
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const { port } = socket.address();
  await new Promise<void>((resolve) => socket.close(() => resolve()));
  return port;
}

/** What a HomeKit controller sends in SetupEndpoints: its RTP port and a fresh SRTP master key and salt. */
export function prepareRequest(port: number): PrepareStreamRequest {
  const source = () => ({ port, srtpCryptoSuite: 0, srtp_key: randomBytes(16), srtp_salt: randomBytes(14) });
  return { sessionID: randomUUID(), sourceAddress: '127.0.0.1', targetAddress: '127.0.0.1', addressVersion: 'ipv4', video: source(), audio: { ...source(), port: port + 2 } };
}

/** SelectedRTPStreamConfiguration START as hap-nodejs hands it over (its enums are const: plain values). */
export function startRequest(sessionID: string, video: { width: number; height: number; profile?: number }): StreamingRequest {
  return {
    sessionID,
    type: 'start',
    video: { codec: 0, profile: video.profile ?? 2, level: 2, packetizationMode: 0, width: video.width, height: video.height, fps: 25, pt: 99, ssrc: 1234, max_bit_rate: 600, rtcp_interval: 0.5, mtu: 1378 },
    audio: { codec: 'OPUS', channel: 1, bit_rate: 0, sample_rate: 16, packet_time: 20, pt: 110, ssrc: 5678, max_bit_rate: 24, rtcp_interval: 5, comfort_pt: 13, comfortNoiseEnabled: false },
  } as unknown as StreamingRequest;
}

export interface Receiver {
  child: ChildProcess;
  /** Decoded frames so far (ffmpeg -progress). */
  frames: () => number;
  stderr: () => string;
  close: () => void;
}

/**
 * The controller's side: an ffmpeg reading SRTP on 127.0.0.1:`port` through an SDP carrying the session's key
 * (`a=crypto:1 AES_CM_128_HMAC_SHA1_80 inline:<key+salt>`), decoding and counting frames.
 */
export async function startReceiver(port: number, key: Buffer, salt: Buffer): Promise<Receiver> {
  const sdp = [
    'v=0',
    'o=- 0 0 IN IP4 127.0.0.1',
    's=HomeKit receiver',
    'c=IN IP4 127.0.0.1',
    't=0 0',
    `m=video ${port} RTP/SAVP 99`,
    'a=rtpmap:99 H264/90000',
    'a=fmtp:99 packetization-mode=1',
    `a=crypto:1 AES_CM_128_HMAC_SHA1_80 inline:${Buffer.concat([key, salt]).toString('base64')}`,
    '',
  ].join('\n');
  const file = join(tmpdir(), `homekit-recv-${port}-${Date.now()}.sdp`);
  await writeFile(file, sdp);
  const child = spawn('ffmpeg', ['-hide_banner', '-nostdin', '-protocol_whitelist', 'file,udp,rtp,srtp', '-i', file, '-f', 'null', '-progress', 'pipe:1', '-'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let frames = 0;
  let stderr = '';
  child.stdout?.setEncoding('utf8').on('data', (text: string) => {
    for (const match of text.matchAll(/^frame=(\d+)/gm)) frames = Math.max(frames, Number(match[1]));
  });
  child.stderr?.setEncoding('utf8').on('data', (text: string) => (stderr = (stderr + text).slice(-8_000)));
  return { child, frames: () => frames, stderr: () => stderr, close: () => void child.kill('SIGKILL') };
}
