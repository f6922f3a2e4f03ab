import type { Camera, CameraStatus } from '@homecam/shared';
import type { StreamSettings } from './camera-stream.js';
import type { CameraConfig } from './stream-hub.js';
import type { StreamStatus } from './types.js';

/**
 * Maps a camera of config.json (the original product's `videoConfig` fields) to the hub's view of it.
 * `source` feeds the main stream, `subSource` the sub stream. Disabled cameras should simply not be passed
 * to the hub. `acodec` is not used: audio that MSE cannot play is always converted to AAC.
 */
export function toHubCamera(camera: Camera): CameraConfig {
  const v = camera.videoConfig;
  const common: Omit<StreamSettings, 'source'> = {
    input: {
      rtspTransport: v.rtspTransport,
      timeoutUs: v.stimeout * 1_000_000,
      probeSize: v.probeSize,
      analyzeDurationUs: v.analyzeDuration,
      reorderQueueSize: v.reorderQueueSize,
      ...(v.maxDelay !== undefined ? { maxDelayUs: v.maxDelay } : {}),
      ...(v.readRate ? { readRate: 1 } : {}),
    },
    output: {
      audio: v.audio,
      ...(v.mapvideo ? { mapVideo: v.mapvideo } : {}),
      ...(v.mapaudio ? { mapAudio: v.mapaudio } : {}),
      transcode: {
        ...(v.vcodec && v.vcodec !== 'copy' ? { encoder: v.vcodec } : {}),
        ...(v.encoderOptions ? { encoderOptions: v.encoderOptions } : {}),
        ...(v.videoFilter ? { videoFilter: v.videoFilter } : {}),
        ...(v.maxWidth ? { maxWidth: v.maxWidth } : {}),
        ...(v.maxHeight ? { maxHeight: v.maxHeight } : {}),
        ...(v.maxFPS ? { maxFps: v.maxFPS } : {}),
        ...(v.maxBitrate ? { maxBitrateKbps: v.maxBitrate } : {}),
      },
    },
  };
  return {
    name: camera.name,
    main: { source: v.source, ...common },
    ...(v.subSource ? { sub: { source: v.subSource, ...common } } : {}),
    prebuffering: camera.prebuffering,
    prebufferSeconds: camera.prebufferLength,
    maxStreams: v.maxStreams,
  };
}

/**
 * The camera-level status of the shared contract (`cameraState` socket event, GET /api/cameras/:name/status),
 * from a stream's status (use the main stream's; `viewers` may be summed over main and sub by the caller).
 */
export function toCameraStatus(status: StreamStatus): CameraStatus {
  return {
    name: status.camera,
    state: status.state,
    reason: status.reason?.message ?? null,
    offAir: null,
    viewers: status.viewers,
    codecs: status.codecs ?? null,
    transcoding: status.transcoding,
    since: new Date(status.since).toISOString(),
  };
}
