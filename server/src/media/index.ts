/**
 * The media module: stream hub (one ffmpeg per camera stream, many consumers), ffmpeg location and supervision,
 * snapshots; re-exports the parts of lib/fmp4 and lib/ffmpeg-args the rest of the app uses. Knows nothing about
 * HTTP. See README.md.
 */
export { StreamHub } from './stream-hub.js';
export type { CameraConfig, Snapshot, SnapshotRequest, StreamHubEvents, StreamHubOptions } from './stream-hub.js';
export type { StreamPolicy } from './camera-stream.js';
export type { StreamSettings } from './stream-plan.js';
export { toCameraStatus, toHubCamera } from './camera-config.js';
export { Consumer, type AttachOptions } from './consumer.js';
export type { QueueLimits, QueueStats } from './consumer-queue.js';
export type { GopBufferLimits } from './gop-buffer.js';
export { MediaError, StreamLimitError, isMediaError, type MediaErrorCode } from './errors.js';
export { silentLogger, type MediaLogger } from './logger.js';
export type { StreamAccess, StreamReading, StreamReadings } from './stream-access.js';
export type {
  ConsumerKind,
  InitSegment,
  MediaFragment,
  MediaItem,
  Prebuffer,
  StreamName,
  StreamState,
  StreamStats,
  StreamStatus,
} from './types.js';
export { streamKey } from './types.js';
export type { StreamProblem } from './ffmpeg/exit-reason.js';
export { bundledFfmpegPath, locateFfmpeg, probeFfmpegVersion, type FfmpegLocation, type FfmpegOrigin, type FfmpegVersion } from './ffmpeg/locate.js';
export { redactArgs, redactText, redactUrl, redactorFor } from './ffmpeg/redact.js';
export { isJpeg } from './snapshot.js';
// For the recorder's clip writer: fragments are copied into a file rebased to start at 0.
export { parseFragment } from '../lib/fmp4/fragment.js';
export { TimelineRebaser } from '../lib/fmp4/timeline.js';
// For recovery of interrupted clips (repositories/recording-files.repository.ts): finds the last whole fragment.
export { Fmp4StreamParser } from '../lib/fmp4/stream-parser.js';
// For one-shot ffmpeg runs outside the hub (still images, photos) and the long-running ones of motion, WebRTC audio
// and HomeKit: the same source parsing (a refusal is the library's InvalidSourceError), arguments, supervision and
// clean-up as the hub's own processes. Services start no process: runOnce and SupervisedProcess are for
// repositories and the media outputs (server/test/layering.test.ts).
export { parseSource } from '../lib/ffmpeg-args/source.js';
export { InvalidSourceError } from '../lib/ffmpeg-args/errors.js';
export { buildInputArgs, type InputOptions } from '../lib/ffmpeg-args/input.js';
export { lastLine, runOnce, type RunOnceOptions, type RunOnceResult } from './ffmpeg/run-once.js';
export { selectFfmpeg } from './ffmpeg/select.js';
export { SupervisedProcess, type ProcessExit, type SpawnFn, type SupervisedProcessOptions } from './ffmpeg/supervised-process.js';
