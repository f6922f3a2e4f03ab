import type { WebrtcUnavailableReason } from '@homecam/shared';
import type { Consumer } from '../media/index.js';
import { hasReorderedSamples, readAvcConfig, type AvcConfig, type Sample } from '../lib/fmp4/samples.js';
import type { InitInfo } from '../lib/fmp4/init.js';
import { fragmentAccessUnits } from './access-units.js';
import type { RtpClock } from './rtp-clock.js';

/** A fragment that waited longer than this (the buffered GOP on join, a queue that backed up) is caught up. */
const CATCH_UP_AGE_MS = 120;

export interface VideoSink {
  whenConnected(): Promise<boolean>;
  send(accessUnit: Buffer, timestamp: number): boolean;
}

export interface SendVideoOptions {
  consumer: Consumer;
  sink: VideoSink;
  clock: RtpClock;
  /** False once the session paused, closed or replaced this consumer. */
  isCurrent: () => boolean;
  /** The upstream re-encodes: such streams stay on MSE. */
  transcoding: () => boolean;
  now?: () => number;
}

/**
 * `ended`: the hub closed the consumer (camera removed, disabled, privacy) · `stale`: the session moved on ·
 * `closed`: the peer connection went away · a reason: this stream cannot go over WebRTC, play MSE instead.
 */
export type SendVideoResult = 'ended' | 'stale' | 'closed' | WebrtcUnavailableReason;

/** Whether an init segment's video can go to a browser as it is: H.264 (avc1/avc3), not re-encoded. */
export function h264Config(info: InitInfo, data: Buffer, transcoding: boolean): AvcConfig | null {
  if (transcoding || !info.video || !['avc1', 'avc3'].includes(info.video.sampleEntry)) return null;
  return readAvcConfig(data);
}

/**
 * Pumps one hub consumer into a peer connection: waits until the peer is connected (the consumer meanwhile keeps
 * the buffered GOP, which starts at a keyframe), then turns each fragment into access units and sends them, the
 * backlog with compressed timestamps so the browser is at live at once, then at the camera's pace.
 */
export async function sendVideo(options: SendVideoOptions): Promise<SendVideoResult> {
  const { consumer, sink, clock, isCurrent } = options;
  const now = options.now ?? Date.now;
  if (!(await sink.whenConnected())) return isCurrent() ? 'closed' : 'stale';
  let init: InitInfo | null = null;
  let config: AvcConfig | null = null;
  let previous: Sample | undefined;
  for (;;) {
    const item = await consumer.read();
    if (!isCurrent()) return 'stale';
    if (item === null) return 'ended';
    if (item.type === 'init') {
      config = h264Config(item.info, item.data, options.transcoding());
      if (!config) return 'CODEC';
      init = item.info;
      previous = undefined;
      continue;
    }
    if (!init || !config) continue;
    const { units, samples } = fragmentAccessUnits(item.data, init, config);
    // Decode order ≠ presentation order: WebRTC receivers have no reorder buffer and would stall.
    // Checked across fragments too: a stream cut into one-frame fragments shows reordering only between them.
    if (hasReorderedSamples(previous ? [previous, ...samples] : samples)) return 'B_FRAMES';
    previous = samples.at(-1) ?? previous;
    const catchUp = now() - item.receivedAt > CATCH_UP_AGE_MS;
    for (const unit of units) {
      const timestamp = clock.timestamp(unit.time, catchUp);
      if (!sink.send(unit.data, timestamp) && !isCurrent()) return 'stale';
    }
  }
}
