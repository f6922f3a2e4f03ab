/**
 * Press to talk, for every camera: one talker per camera at a time, its backchannel opened on the first press and
 * torn down after a short idle time once released (or at once when the talker goes away: socket closed, signed
 * out, permission taken); and whether a camera can talk at all, asked once per camera source and remembered.
 */
import { parseSource } from '../media/index.js';
import { CameraTalk, type TalkLog } from './camera-talk.js';
import { RtspError } from './rtsp-connection.js';
import { probeBackchannel } from './rtsp-backchannel.js';

export type TalkRefusal = 'TALK_BUSY' | 'TALK_UNAVAILABLE';

export class TalkError extends Error {
  constructor(
    readonly code: TalkRefusal,
    message: string,
  ) {
    super(message);
  }
}

export interface TalkServiceOptions {
  /** The camera's main source text (config.json `videoConfig.source`), or null for an unknown camera. */
  source: (camera: string) => string | null;
  ffmpegPath: () => string;
  log: TalkLog;
  /** How long a released backchannel stays open for the next press. Default 5 s. */
  idleMs?: number;
  /** RTSP request time-out. Default 5 s. */
  timeoutMs?: number;
  /** How long a probe that could not reach the camera is remembered (a definite answer lasts). Default 60 s. */
  probeRetryMs?: number;
}

interface Probe {
  url: string;
  at: number;
  result: Promise<boolean | null>;
}

/** The rtsp:// URL a camera talks through, or null (another scheme, demo, unparsable). Never logged. */
function rtspUrlOf(source: string | null): string | null {
  if (!source) return null;
  try {
    const parsed = parseSource(source);
    return parsed.kind === 'url' && /^rtsp:\/\//i.test(parsed.url) ? parsed.url : null;
  } catch {
    return null;
  }
}

export class TalkService {
  private readonly links = new Map<string, CameraTalk>();
  /** Presses whose backchannel is being opened: a second talker meanwhile is refused. */
  private readonly opening = new Map<string, string>();
  private readonly idleTimers = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly probes = new Map<string, Probe>();

  constructor(private readonly options: TalkServiceOptions) {}

  /**
   * Whether the camera offers a backchannel (RTSP DESCRIBE with the ONVIF Require header), asked once per source;
   * false for a camera that cannot be reached right now (asked again after a minute).
   */
  async available(camera: string): Promise<boolean> {
    const url = rtspUrlOf(this.options.source(camera));
    if (!url) return false;
    const known = this.probes.get(camera);
    const retryMs = this.options.probeRetryMs ?? 60_000;
    if (known && known.url === url) {
      const result = await known.result;
      if (result !== null || Date.now() - known.at < retryMs) return result === true;
    }
    const probe: Probe = { url, at: Date.now(), result: this.probe(url) };
    this.probes.set(camera, probe);
    return (await probe.result) === true;
  }

  /** The button pressed: resolves once sound goes to the camera; throws TalkError (busy, unavailable). */
  async press(camera: string, owner: string, opusPayloadType: number, onEnded: () => void): Promise<void> {
    const current = this.links.get(camera);
    const opener = this.opening.get(camera);
    if ((current?.pressed && current.owner !== owner) || (opener !== undefined && opener !== owner)) throw new TalkError('TALK_BUSY', 'someone else is talking');
    if (opener === owner) throw new TalkError('TALK_BUSY', 'the backchannel is still opening');
    this.clearIdle(camera);
    if (current && current.open && current.owner === owner && current.opusPayloadType === opusPayloadType) {
      current.pressed = true;
      current.onEnded = onEnded;
      return;
    }
    if (current) await this.drop(camera, current);
    const url = rtspUrlOf(this.options.source(camera));
    if (!url) throw new TalkError('TALK_UNAVAILABLE', 'the camera has no rtsp:// source to talk through');
    this.opening.set(camera, owner);
    let link: CameraTalk;
    try {
      link = await CameraTalk.open({ url, ffmpegPath: this.options.ffmpegPath(), opusPayloadType, owner, log: this.options.log, timeoutMs: this.options.timeoutMs });
    } catch (error) {
      this.options.log.warn({ camera, problem: error instanceof RtspError ? error.message : 'failed' }, 'talk: the camera backchannel could not be opened');
      throw new TalkError('TALK_UNAVAILABLE', error instanceof RtspError ? error.message : 'the camera backchannel could not be opened');
    } finally {
      this.opening.delete(camera);
    }
    this.links.set(camera, link);
    link.pressed = true;
    link.onEnded = onEnded;
    link.onClose(() => void this.drop(camera, link));
  }

  /** The button released: silence at once, the backchannel closed after the idle time unless pressed again. */
  release(camera: string, owner: string): void {
    const link = this.links.get(camera);
    if (!link || link.owner !== owner) return;
    link.release();
    this.clearIdle(camera);
    const timer = setTimeout(() => void this.drop(camera, link), this.options.idleMs ?? 5_000);
    timer.unref();
    this.idleTimers.set(camera, timer);
  }

  /** The talker's microphone RTP (from its WebRTC peer). */
  microphone(camera: string, owner: string, rtp: Buffer): void {
    const link = this.links.get(camera);
    if (link?.owner === owner) link.microphone(rtp);
  }

  /** Whether `owner` is talking through `camera` right now. */
  talking(camera: string, owner: string): boolean {
    const link = this.links.get(camera);
    return link?.owner === owner && link.pressed && link.open;
  }

  /** The talker is gone (socket closed, signed out, permission taken): its backchannel closes now. */
  async end(owner: string): Promise<void> {
    const mine = [...this.links].filter(([, link]) => link.owner === owner);
    await Promise.all(mine.map(([camera, link]) => this.drop(camera, link)));
  }

  /** Open backchannels, for tests and diagnostics. */
  openLinks(): { camera: string; owner: string; pressed: boolean; packetsSent: number; transcoderPid: number | undefined }[] {
    return [...this.links].map(([camera, l]) => ({ camera, owner: l.owner, pressed: l.pressed, packetsSent: l.packetsSent, transcoderPid: l.transcoderPid }));
  }

  async close(): Promise<void> {
    await Promise.all([...this.links].map(([camera, link]) => this.drop(camera, link)));
  }

  private async drop(camera: string, link: CameraTalk): Promise<void> {
    if (this.links.get(camera) === link) {
      this.links.delete(camera);
      this.clearIdle(camera);
    }
    await link.close();
  }

  private clearIdle(camera: string): void {
    const timer = this.idleTimers.get(camera);
    if (timer) clearTimeout(timer);
    this.idleTimers.delete(camera);
  }

  private async probe(url: string): Promise<boolean | null> {
    try {
      return (await probeBackchannel(url, this.options.timeoutMs)) !== null;
    } catch (error) {
      this.options.log.debug({ problem: error instanceof RtspError ? error.message : 'failed' }, 'talk: backchannel probe failed');
      return null;
    }
  }
}
