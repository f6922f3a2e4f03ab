import type { Camera } from '@homecam/shared';
import type {
  CameraStreamingOptions,
  PrepareStreamCallback,
  PrepareStreamRequest,
  StreamingRequest,
  StreamRequestCallback,
  StreamRequestTypes,
} from 'hap-nodejs';

/**
 * The seam between the bridge (this folder: accessories, snapshots, motion, switches) and HomeKit live streaming
 * (server/src/homekit/streaming/: one ffmpeg per HomeKit session writing SRTP from the hub's shared upstream).
 *
 * The bridge builds one `CameraController`/`DoorbellController` per camera. Its `CameraStreamingDelegate` answers
 * snapshots itself and hands `prepareStream`/`handleStreamRequest` to the `HomekitStreamDelegate` that
 * `CreateStreamDelegate` made for that camera. The delegate lives as long as the camera's accessory: `close()` runs
 * when the camera is removed, renamed or disabled, or the bridge stops or restarts (end every session's ffmpeg there).
 */
export interface HomekitStreamDelegate {
  /** hap-nodejs' `CameraStreamingDelegate.prepareStream`: ports, SRTP keys, SSRCs for a new session. */
  prepareStream(request: PrepareStreamRequest, callback: PrepareStreamCallback): void;
  /** hap-nodejs' `CameraStreamingDelegate.handleStreamRequest`: start / reconfigure / stop a prepared session. */
  handleStreamRequest(request: StreamingRequest, callback: StreamRequestCallback): void;
  /** Ends every session of this camera (its ffmpeg, sockets, hub consumers). Called once; may be async. */
  close(): void | Promise<void>;
  /**
   * What the camera advertises for streaming (resolutions, H.264 profiles/levels, audio codecs, SRTP suites).
   * Absent: the bridge's default (DEFAULT_STREAMING_OPTIONS in camera-accessory.ts: H.264 baseline/main/high,
   * 320×180 … 1920×1080 at 30 fps, AES_CM_128_HMAC_SHA1_80, no audio).
   */
  readonly streamingOptions?: CameraStreamingOptions;
}

/** What the bridge tells a stream delegate about its camera. */
export interface StreamDelegateContext {
  /**
   * The camera's name in config.json, the key of its streams (`streams.attach(camera, 'main', …)`). Privacy mode
   * and a disabled camera are the stream door's to refuse (services/camera-stream-door.ts), not the delegate's.
   */
  readonly camera: string;
  /** The camera's current config.json entry (it may change while the accessory lives); undefined once removed. */
  cameraConfig(): Camera | undefined;
  /**
   * Tells HomeKit a running session ended on our side (ffmpeg died, the camera went private):
   * `controller.forceStopStreamingSession(sessionId)`. A no-op once the accessory is gone.
   */
  forceStop(sessionId: string): void;
}

/** Makes the stream delegate of one camera accessory. The runtime passes the SRTP implementation in. */
export type CreateStreamDelegate = (context: StreamDelegateContext) => HomekitStreamDelegate;

/** hap-nodejs declares its enums `const` (not importable under verbatimModuleSyntax): the value, typed. */
const STOP = 'stop' as StreamRequestTypes.STOP;

/** English reason the default delegate gives; no secrets, safe to log and to show. */
export const STREAMING_UNAVAILABLE = 'HomeKit live streaming is not available in this build';

/**
 * The default until the SRTP streaming delegate is wired in: refuses every session cleanly (HomeKit shows the
 * snapshot and "No Response" for live), stops are acknowledged so hap-nodejs' session bookkeeping stays sane.
 */
export const refuseStreaming: CreateStreamDelegate = () => ({
  prepareStream(_request, callback) {
    callback(new Error(STREAMING_UNAVAILABLE));
  },
  handleStreamRequest(request, callback) {
    if (request.type === STOP) callback();
    else callback(new Error(STREAMING_UNAVAILABLE));
  },
  close() {},
});
