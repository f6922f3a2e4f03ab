import type { AttachOptions, Consumer } from './consumer.js';
import type { StreamName, StreamStats, StreamStatus } from './types.js';

/**
 * The one door to a camera's streams, as the outputs built on media see it (WebRTC audio, motion; live viewers,
 * HomeKit and the recorder use the same door with more of its methods). The server's CameraStreamService
 * implements it over the StreamHub and applies there, once, what every output honours: no stream of a camera that
 * is disabled or in privacy mode, and a 'viewer' consumer counts against the camera's maxStreams. Nothing else
 * outside media holds the hub, so a new output cannot pass those rules by.
 */
export interface StreamAccess {
  /**
   * A consumer of the stream once every camera change made so far is applied; rejects with the refusal (camera
   * not found, disabled, privacy mode, no such stream, too many viewers).
   */
  attach(camera: string, stream: StreamName, options: AttachOptions): Promise<Consumer>;
  /**
   * The same consumer at once, without waiting for camera changes in flight: for parts that the camera stream
   * service itself keeps in step with the camera list (motion), which would otherwise wait for their own update.
   */
  attachNow(camera: string, stream: StreamName, options: AttachOptions): Consumer;
  /** The ffmpeg the upstreams run: an output's own ffmpeg (WebRTC audio, HomeKit) is the same binary. */
  readonly ffmpegPath: string;
}

/** One stream's state and counters, for the Utilization page (metrics/). */
export interface StreamReading {
  status: StreamStatus;
  stats: StreamStats;
}

/** Reads every stream's counters without attaching (metrics/). */
export interface StreamReadings {
  readings(): StreamReading[];
}
