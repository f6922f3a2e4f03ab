import type { StreamProblem } from './ffmpeg/exit-reason.js';
import type { InitInfo } from '../lib/fmp4/init.js';

/** The two streams an IP camera usually offers: full resolution and a small one for grids and motion. */
export type StreamName = 'main' | 'sub';

/**
 * idle: no upstream (nobody watching, no prebuffering) · starting: ffmpeg started, no video yet ·
 * streaming: fragments flowing · offline: the camera dropped or cannot be reached, reconnecting with backoff ·
 * error: a configuration problem (bad credentials, path, source, missing ffmpeg); still retried, slowly.
 */
export type StreamState = 'idle' | 'starting' | 'streaming' | 'offline' | 'error';

/** Who reads a stream. Only 'viewer' counts against a camera's maxStreams. */
export type ConsumerKind = 'viewer' | 'recorder' | 'snapshot' | 'motion' | (string & {});

/** ftyp + moov: the first thing a player needs, and again whenever it changes. */
export interface InitSegment {
  type: 'init';
  data: Buffer;
  /** 'avc1.42C01F, mp4a.40.2' */
  codecs: string;
  /** 'video/mp4; codecs="avc1.42C01F, mp4a.40.2"' for MediaSource.addSourceBuffer */
  mimeType: string;
  info: InitInfo;
}

/** moof + mdat. Timestamps continue across camera reconnects (the hub rebases tfdt), so a player can just append. */
export interface MediaFragment {
  type: 'fragment';
  data: Buffer;
  /** Starts with a video keyframe: a decoder can begin here. */
  keyframe: boolean;
  /** Media time of the fragment start in seconds, continuous for the life of the stream. */
  timestamp: number;
  /** Seconds. */
  duration: number;
  /** Wall clock (ms since epoch) when the fragment arrived from ffmpeg. */
  receivedAt: number;
}

export type MediaItem = InitSegment | MediaFragment;

/** The init segment and buffered fragments from a keyframe: a pre-roll, or what a snapshot decodes. */
export interface Prebuffer {
  init: InitSegment;
  fragments: MediaFragment[];
}

export interface StreamStatus {
  camera: string;
  stream: StreamName;
  /** '<camera>/<stream>' */
  key: string;
  state: StreamState;
  /** Why the stream is offline/error; never contains credentials. */
  reason?: { code: StreamProblem; message: string };
  /** When the state last changed (ms since epoch). */
  since: number;
  /** Known once the first init segment arrived. */
  codecs?: string;
  mimeType?: string;
  /** The upstream encodes video (camera codec not H.264, or a demo source) instead of copying it. */
  transcoding: boolean;
  consumers: number;
  viewers: number;
}

export interface StreamStats {
  /** How many times an upstream ffmpeg was spawned for this stream. */
  upstreamStarts: number;
  /** pid of the running upstream ffmpeg. */
  pid?: number;
  bytesIn: number;
  fragmentsIn: number;
  /** Upstream spawns after the first of a run: retries after a failure, restarts for a codec change. */
  reconnects: number;
  /** Fragments every consumer so far (attached or gone) lost by reading too slowly. */
  droppedTotal: number;
  /** Bytes every 'viewer' consumer so far (attached or gone) has read: what went out to live viewers. */
  viewerBytesOut: number;
  consumers: { id: number; kind: ConsumerKind; delivered: number; dropped: number; queuedBytes: number }[];
  buffer: { gops: number; fragments: number; bytes: number; seconds: number };
}

export function streamKey(camera: string, stream: StreamName): string {
  return `${camera}/${stream}`;
}
