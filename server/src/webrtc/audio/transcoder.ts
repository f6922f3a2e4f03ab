import type { Consumer, StreamAccess, StreamName } from '../../media/index.js';
import { SupervisedProcess } from '../../media/index.js';
import { readSamples } from '../../lib/fmp4/samples.js';
import type { TrackInfo } from '../../lib/fmp4/init.js';
import { adtsConfig, adtsFrame, type AdtsConfig } from './adts.js';
import { OggOpusReader, opusSamples } from './ogg-opus.js';

/** One Opus packet with its length in 48 kHz samples. */
export type OpusListener = (packet: Buffer, samples: number) => void;
export interface AudioLog {
  warn(obj: object, msg: string): void;
  debug(obj: object, msg: string): void;
}

/** Fragments older than this when read (the buffered GOP handed to a new consumer) are not encoded: live only. */
const BACKLOG_MS = 300;

/**
 * AAC → Opus: ADTS on stdin (no probing: the first frame decodes), 20 ms low-delay Opus at 32 kbit/s in Ogg pages of
 * one packet each on stdout (`-page_duration` 20 ms and flushing every packet: Ogg's default one-second pages would
 * hold the sound back that long).
 */
export function transcoderArgs(): string[] {
  return [
    '-hide_banner', '-loglevel', 'error', '-nostdin', '-fflags', 'nobuffer', '-probesize', '32', '-analyzeduration', '0',
    '-f', 'aac', '-i', 'pipe:0', '-map', '0:a:0', '-vn',
    '-c:a', 'libopus', '-b:a', '32k', '-application', 'lowdelay', '-frame_duration', '20', '-ar', '48000',
    '-f', 'ogg', '-page_duration', '20000', '-flush_packets', '1', 'pipe:1',
  ];
}

/**
 * The Opus audio of one camera stream for all its WebRTC viewers: one hub consumer (the same upstream as the
 * picture, never a second camera session) whose fMP4 audio samples go, as ADTS, through one supervised ffmpeg;
 * its Opus packets fan out to the listeners. Started by the first listener, stopped with the last. A dying ffmpeg
 * is restarted with backoff (the first failure is logged once); the picture never waits for any of it.
 */
export class AudioTranscoder {
  private readonly listeners = new Set<OpusListener>();
  private consumer: Consumer | null = null;
  private process: SupervisedProcess | null = null;
  private reader = new OggOpusReader();
  private warned = false;

  constructor(
    private readonly streams: StreamAccess,
    private readonly camera: string,
    private readonly stream: StreamName,
    private readonly log: AudioLog,
    private readonly onIdle: () => void,
  ) {}

  get pid(): number | undefined {
    return this.process?.pid;
  }

  subscribe(listener: OpusListener): () => void {
    this.listeners.add(listener);
    if (this.listeners.size === 1) this.start();
    return () => {
      if (!this.listeners.delete(listener) || this.listeners.size > 0) return;
      this.stop();
    };
  }

  private start(): void {
    let consumer: Consumer;
    try {
      consumer = this.streams.attachNow(this.camera, this.stream, { kind: 'webrtc-audio', label: `webrtc-audio:${this.camera}` });
    } catch (error) {
      this.warn({ err: error }, 'WebRTC audio: cannot read the stream, playing without sound');
      return;
    }
    this.consumer = consumer;
    void this.feed(consumer);
  }

  private stop(): void {
    this.consumer?.close();
    this.consumer = null;
    void this.process?.stop();
    this.process = null;
    this.onIdle();
  }

  /** Reads the consumer: each init segment picks the audio track (none, or not AAC: silent), fragments feed ffmpeg. */
  private async feed(consumer: Consumer): Promise<void> {
    let track: TrackInfo | undefined;
    let tracks: TrackInfo[] = [];
    let config: AdtsConfig | null = null;
    for (;;) {
      const item = await consumer.read();
      if (item === null || this.consumer !== consumer) return;
      if (item.type === 'init') {
        tracks = item.info.tracks;
        track = item.info.audio;
        config = track?.sampleEntry === 'mp4a' && track.audioSpecificConfig ? adtsConfig(track.audioSpecificConfig) : null;
        if (track && !config) this.warn({ codec: track.codec }, 'WebRTC audio: the camera audio is not AAC-LC, playing without sound');
        if (config) this.ensureProcess();
        continue;
      }
      if (!track || !config || Date.now() - item.receivedAt > BACKLOG_MS) continue;
      let samples;
      try {
        samples = readSamples(item.data, tracks, track.id);
      } catch {
        continue; // a malformed fragment: its video went the same way; the next one is fine again
      }
      const adts = config;
      const frames = samples.map((s) => adtsFrame(adts, s.data)).filter((f): f is Buffer => f !== null);
      if (frames.length > 0) this.process?.write(Buffer.concat(frames));
    }
  }

  private ensureProcess(): void {
    if (this.process) return;
    const child = new SupervisedProcess({
      command: this.streams.ffmpegPath,
      args: transcoderArgs,
      stdin: true,
      firstOutputTimeoutMs: 0,
      stallTimeoutMs: 5_000,
      killTimeoutMs: 1_000,
    });
    child.on('started', () => (this.reader = new OggOpusReader()));
    child.on('data', (chunk) => {
      for (const packet of this.reader.push(chunk)) {
        const samples = opusSamples(packet);
        for (const listener of this.listeners) listener(packet, samples);
      }
    });
    child.on('exit', (exit) => {
      if (this.process === child && exit.reason !== 'stopped') this.warn({ exit: exit.reason, stderr: exit.stderr }, 'WebRTC audio transcoder ended, restarting it; the picture goes on');
    });
    this.process = child;
    child.start();
  }

  /** Once per transcoder: a camera whose audio keeps failing must not fill the log. */
  private warn(obj: object, msg: string): void {
    if (this.warned) return this.log.debug(obj, msg);
    this.warned = true;
    this.log.warn(obj, msg);
  }
}

const transcoders = new WeakMap<StreamAccess, Map<string, AudioTranscoder>>();

/** The shared transcoder of a camera stream (created on demand, forgotten when its last listener leaves). */
export function audioTranscoder(streams: StreamAccess, camera: string, stream: StreamName, log: AudioLog): AudioTranscoder {
  let byStream = transcoders.get(streams);
  if (!byStream) transcoders.set(streams, (byStream = new Map<string, AudioTranscoder>()));
  const key = `${camera}/${stream}`;
  let transcoder = byStream.get(key);
  if (!transcoder) {
    const map = byStream;
    transcoder = new AudioTranscoder(streams, camera, stream, log, () => {
      if (map.get(key) === transcoder) map.delete(key);
    });
    byStream.set(key, transcoder);
  }
  return transcoder;
}

/** Transcoders with listeners, for tests and diagnostics (every one must end with its last viewer). */
export function activeAudioTranscoders(streams: StreamAccess): AudioTranscoder[] {
  return [...(transcoders.get(streams)?.values() ?? [])];
}
