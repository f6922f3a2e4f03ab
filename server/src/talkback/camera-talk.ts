/**
 * One camera's open backchannel for one talker: the RTSP session to the camera, the ffmpeg that turns the
 * browser's Opus into the camera's G.711, and the RTP packetizer between them. Sound goes through only while
 * the button is held (`pressed`); between presses the link stays up, silent, until the talk service's idle timer.
 */
import type { Backchannel } from './backchannel-sdp.js';
import { G711RtpPacketizer } from './g711-rtp.js';
import { OpusToG711 } from './opus-to-g711.js';
import { BackchannelSession } from './rtsp-backchannel.js';

export interface TalkLog {
  warn(obj: object, msg: string): void;
  debug(obj: object, msg: string): void;
}

export class CameraTalk {
  static async open(options: { url: string; ffmpegPath: string; opusPayloadType: number; owner: string; log: TalkLog; timeoutMs?: number }): Promise<CameraTalk> {
    const session = await BackchannelSession.open(options.url, options.timeoutMs);
    const talk = new CameraTalk(session, options.owner, options.opusPayloadType);
    talk.transcoder = new OpusToG711({
      ffmpegPath: options.ffmpegPath,
      encoding: session.format.encoding,
      opusPayloadType: options.opusPayloadType,
      onAudio: (g711) => talk.toCamera(g711),
      onProblem: (obj, msg) => options.log.warn(obj, msg),
    });
    try {
      await talk.transcoder.start();
    } catch (error) {
      await talk.close();
      throw error;
    }
    return talk;
  }

  pressed = false;
  /** Told once when the link closes (released and idle, camera gone, talker gone, taken over). */
  onEnded: (() => void) | null = null;
  private transcoder: OpusToG711 | null = null;
  private readonly packetizer: G711RtpPacketizer;
  private closed = false;

  private constructor(
    private readonly session: BackchannelSession,
    readonly owner: string,
    readonly opusPayloadType: number,
  ) {
    this.packetizer = new G711RtpPacketizer(session.format.payloadType);
  }

  get format(): Backchannel {
    return this.session.format;
  }

  get open(): boolean {
    return !this.closed && this.session.open;
  }

  get packetsSent(): number {
    return this.session.packetsSent;
  }

  get transcoderPid(): number | undefined {
    return this.transcoder?.pid;
  }

  /** The camera ended the session or the connection broke. */
  onClose(listener: () => void): void {
    this.session.onClose(() => listener());
  }

  /** One RTP packet of the talker's microphone track; dropped unless the button is held. */
  microphone(rtp: Buffer): void {
    if (this.pressed && !this.closed) this.transcoder?.write(rtp);
  }

  release(): void {
    this.pressed = false;
    this.packetizer.endSpurt();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.pressed = false;
    this.onEnded?.();
    this.onEnded = null;
    await Promise.all([this.transcoder?.stop(), this.session.close()]);
  }

  private toCamera(g711: Buffer): void {
    // ffmpeg's last output after a release (its buffer) still goes out; nothing after the link closed
    if (this.closed) return;
    for (const packet of this.packetizer.packets(g711)) this.session.send(packet);
  }
}
