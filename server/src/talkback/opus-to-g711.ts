/**
 * The browser's microphone (Opus RTP from the WebRTC peer) → G.711 at 8 kHz mono: one supervised ffmpeg per talk
 * session reading the RTP on a UDP port of 127.0.0.1 (its SDP passed as a data: URL, so no file and nothing from a
 * user reaches the arguments) and writing raw mu-law or A-law to stdout. A dying ffmpeg is restarted with backoff.
 */
import { createSocket, type Socket } from 'node:dgram';
import { SupervisedProcess } from '../media/index.js';
import type { G711 } from './backchannel-sdp.js';

export interface OpusToG711Options {
  ffmpegPath: string;
  encoding: G711;
  /** The Opus payload type the browser sends with (the offer's). */
  opusPayloadType: number;
  onAudio: (g711: Buffer) => void;
  onProblem: (obj: object, msg: string) => void;
}

const LOOPBACK = '127.0.0.1';

/** A UDP port of 127.0.0.1 that was free a moment ago (even, with the next one for RTCP as ffmpeg takes both). */
async function freeUdpPort(): Promise<number> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const socket = createSocket('udp4');
    const port = await new Promise<number>((resolve, reject) => {
      socket.once('error', reject);
      socket.bind(0, LOOPBACK, () => resolve(socket.address().port));
    });
    socket.close();
    if (port % 2 === 0 && port < 65_534) return port;
  }
  throw new Error('no free UDP port on 127.0.0.1');
}

export function sdpFor(port: number, payloadType: number): string {
  return ['v=0', `o=- 0 0 IN IP4 ${LOOPBACK}`, 's=HomeCam talk', `c=IN IP4 ${LOOPBACK}`, 't=0 0', `m=audio ${port} RTP/AVP ${payloadType}`, `a=rtpmap:${payloadType} opus/48000/2`, ''].join('\r\n');
}

export function transcodeArgs(port: number, options: Pick<OpusToG711Options, 'encoding' | 'opusPayloadType'>): string[] {
  const sdp = Buffer.from(sdpFor(port, options.opusPayloadType)).toString('base64');
  return [
    '-hide_banner', '-loglevel', 'error', '-nostdin', '-protocol_whitelist', 'data,udp,rtp',
    '-fflags', 'nobuffer', '-reorder_queue_size', '0', '-f', 'sdp', '-i', `data:application/sdp;base64,${sdp}`,
    '-vn', '-ac', '1', '-ar', '8000', '-f', options.encoding === 'PCMU' ? 'mulaw' : 'alaw', '-flush_packets', '1', 'pipe:1',
  ];
}

export class OpusToG711 {
  private process: SupervisedProcess | null = null;
  private udp: Socket | null = null;
  private port = 0;
  private stopped = false;

  constructor(private readonly options: OpusToG711Options) {}

  get pid(): number | undefined {
    return this.process?.pid;
  }

  async start(): Promise<void> {
    this.port = await freeUdpPort();
    if (this.stopped) return;
    this.udp = createSocket('udp4');
    this.udp.on('error', () => undefined); // nobody listening for a moment (ffmpeg restarting): the packet is lost
    const child = new SupervisedProcess({
      command: this.options.ffmpegPath,
      args: () => transcodeArgs(this.port, this.options),
      firstOutputTimeoutMs: 0,
      stallTimeoutMs: 0,
      killTimeoutMs: 1_000,
    });
    child.on('data', (chunk) => this.options.onAudio(chunk));
    child.on('exit', (exit) => {
      if (exit.reason !== 'stopped') this.options.onProblem({ exit: exit.reason, stderr: exit.stderr }, 'talk: the audio transcoder ended, restarting it');
    });
    this.process = child;
    child.start();
  }

  /** One RTP packet of the browser's Opus track (RTCP and other payload types are left out). */
  write(rtp: Buffer): void {
    if (!this.udp || rtp.length < 12 || (rtp[1]! & 0x7f) !== this.options.opusPayloadType) return;
    this.udp.send(rtp, this.port, LOOPBACK);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.udp?.close();
    this.udp = null;
    const process = this.process;
    this.process = null;
    await process?.stop();
  }
}
