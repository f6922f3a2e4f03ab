import type { Camera } from '@homecam/shared';
import type { FileHandle } from 'node:fs/promises';
import { parseFragment, TimelineRebaser, type Consumer, type InitSegment, type MediaFragment } from '../media/index.js';
import type { RecordingRoot } from '../repositories/recording-files.repository.js';
import type { CameraStreamDoor } from '../services/camera-stream-door.js';

/** What the clip writer needs of the door to the camera's streams (the camera stream service). */
export type ClipStreams = Pick<CameraStreamDoor, 'attach' | 'attachWithPreroll'>;

/** The recorder's queue: generous, a slow disk must not drop fragments. */
const RECORDER_QUEUE = { maxSeconds: 30, maxBytes: 64 * 1024 * 1024, maxItems: 4096 };

/** The clip being written, as the writer sees it; the recorder keeps the timing (clip-policy.ts). */
export interface ClipTarget {
  id: string;
  files: RecordingRoot;
  relative: string;
  startedAt: number;
  /** The clip already ended (the recorder closed before the live part began). */
  stopped(): boolean;
  /** The live consumer is attached: from now on the recorder ends the clip by closing it. */
  attached(consumer: Consumer): void;
  /** The camera came back with other settings: the clip ends here, playable as it is. */
  finish(): void;
}

/** One fMP4 file: init once, fragments rebased to start at 0, an fsync at least every `syncEveryMs`. */
class ClipFile {
  size = 0;
  init: InitSegment | null = null;
  private first: number | null = null;
  private end = 0;
  private lastSource = -Infinity;
  private lastSync = Date.now();
  private readonly rebaser = new TimelineRebaser();

  constructor(
    private readonly handle: FileHandle,
    private readonly syncEveryMs: number,
  ) {}

  async writeInit(init: InitSegment): Promise<void> {
    this.init = init;
    await this.write(init.data);
  }

  async writeFragment(fragment: MediaFragment): Promise<void> {
    if (!this.init) return;
    // Fragments the prebuffer already gave come again at the start of the consumer: skip them.
    if (fragment.timestamp <= this.lastSource) return;
    if (this.first === null && !fragment.keyframe) return;
    this.lastSource = fragment.timestamp;
    const tracks = this.init.info.tracks;
    const copy = Buffer.from(fragment.data);
    const info = this.rebaser.apply(copy, parseFragment(copy, tracks), tracks);
    this.first ??= info.timestamp;
    this.end = Math.max(this.end, info.timestamp + info.duration);
    await this.write(copy);
    if (Date.now() - this.lastSync >= this.syncEveryMs) {
      await this.handle.datasync();
      this.lastSync = Date.now();
    }
  }

  sync(): Promise<void> {
    return this.handle.datasync();
  }

  get durationMs(): number {
    return this.first === null ? 0 : Math.round((this.end - this.first) * 1000);
  }

  private async write(data: Buffer): Promise<void> {
    await this.handle.write(data);
    this.size += data.length;
  }
}

/**
 * Copies a camera's video into a fragmented MP4 (no re-encoding): the prebuffer's seconds before the trigger,
 * then live fragments from a 'recorder' consumer until the recorder closes it. The fsyncs mean a crash leaves a
 * playable file. Resolves with the size and the duration of the video written.
 */
export async function writeClip(streams: ClipStreams, camera: Camera, target: ClipTarget, syncEveryMs: number): Promise<{ size: number; durationMs: number }> {
  const handle = await target.files.openForWriting(target.relative);
  const clip = new ClipFile(handle, syncEveryMs);
  let consumer: Consumer | null = null;
  try {
    // The pre-roll and the consumer in one step (attachWithPreroll): what arrives while the pre-roll is written (a
    // slow disk) waits in the consumer's queue. Attached only afterwards, the consumer would start at the newest
    // keyframe and the fragments between the two would be a hole in the clip. The overlap (the consumer's first
    // GOP) is skipped by its timestamps, which the hub keeps monotonic across upstream restarts (TimelineRebaser).
    const options = { kind: 'recorder', label: target.id, queue: RECORDER_QUEUE } as const;
    const opened = camera.prebuffering
      ? await streams.attachWithPreroll(camera.name, 'main', options, target.startedAt - camera.prebufferLength * 1000)
      : { consumer: await streams.attach(camera.name, 'main', options), preroll: null };
    consumer = opened.consumer;
    const pre = opened.preroll;
    if (pre) {
      await clip.writeInit(pre.init);
      for (const fragment of pre.fragments) await clip.writeFragment(fragment);
      await clip.sync();
    }
    if (target.stopped()) return { size: clip.size, durationMs: 0 };
    target.attached(consumer);
    for (;;) {
      const item = await consumer.read();
      if (!item) break;
      if (item.type !== 'init') await clip.writeFragment(item);
      else if (!clip.init) await clip.writeInit(item);
      else if (!clip.init.data.equals(item.data)) {
        target.finish();
        break;
      }
    }
  } finally {
    consumer?.close();
    await handle.datasync().catch(() => undefined);
    await handle.close();
  }
  return { size: clip.size, durationMs: clip.durationMs };
}
