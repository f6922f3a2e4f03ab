import type { EventBus } from '../events/event-bus.js';

/** How long finished motion and event intervals are remembered: longer than any segment stays open. */
const KEEP_MS = 10 * 60_000;

interface Interval {
  start: number;
  end: number | null;
}

/**
 * Motion and events per camera from the bus, for a segment's tier flags when it closes: `motion` when any motion
 * overlaps it (`motion_score`: the share of the segment with motion, 0–100), `event` while an event's recording (a
 * clip or a span) is open or when a finished event overlaps it: a writer behind the wall clock (a busy machine)
 * opens and closes the segment holding an event's last moments after the event finished and marked its segments
 * in the index (markEvent, which sees only the segments that exist by then).
 */
export class Activity {
  private readonly motion = new Map<string, Interval[]>();
  private readonly events = new Map<string, { start: number; end: number }[]>();
  private readonly unsubscribe: (() => void)[] = [];

  constructor(
    private readonly bus: EventBus,
    private readonly now: () => number,
    /** An event's recording (clip or span) is open for the camera now (the recorder knows). */
    private readonly eventOpen: (camera: string) => boolean,
  ) {}

  start(): void {
    this.unsubscribe.push(
      this.bus.subscribe('MotionStarted', ({ camera, at }) => this.open(this.motion, camera, at)),
      this.bus.subscribe('MotionEnded', ({ camera, at }) => this.end(this.motion, camera, at)),
      this.bus.subscribe('RecordingCompleted', ({ recording }) => {
        const start = Date.parse(recording.startedAt);
        this.finished(recording.camera, start, start + recording.durationMs);
      }),
    );
  }

  stop(): void {
    for (const off of this.unsubscribe.splice(0)) off();
  }

  flags(camera: string, start: number, end: number): { motion: 0 | 1; motion_score: number; event: 0 | 1 } {
    const covered = this.overlap(this.motion.get(camera), start, end);
    const length = Math.max(1, end - start);
    return {
      motion: covered > 0 ? 1 : 0,
      motion_score: Math.min(100, Math.round((covered / length) * 100)),
      event: this.eventOpen(camera) || this.eventWithin(camera, start, end) ? 1 : 0,
    };
  }

  /** A finished event overlaps [start, end] (ends included, as markEvent counts them). */
  private eventWithin(camera: string, start: number, end: number): boolean {
    return (this.events.get(camera) ?? []).some((event) => event.start <= end && event.end >= start);
  }

  private finished(camera: string, start: number, end: number): void {
    const kept = (this.events.get(camera) ?? []).filter((event) => event.end > this.now() - KEEP_MS);
    this.events.set(camera, [...kept, { start, end }]);
  }

  private overlap(list: Interval[] | undefined, start: number, end: number): number {
    let total = 0;
    for (const interval of list ?? []) {
      const to = Math.min(end, interval.end ?? end);
      const from = Math.max(start, interval.start);
      if (to > from) total += to - from;
      else if (interval.end === null && interval.start <= end) total += 0.5; // open and touching: it counts
    }
    return total;
  }

  private open(map: Map<string, Interval[]>, camera: string, at: number): void {
    const list = (map.get(camera) ?? []).filter((interval) => interval.end === null || interval.end > this.now() - KEEP_MS);
    if (!list.some((interval) => interval.end === null)) list.push({ start: at, end: null });
    map.set(camera, list);
  }

  private end(map: Map<string, Interval[]>, camera: string, at: number): void {
    for (const interval of map.get(camera) ?? []) if (interval.end === null) interval.end = Math.max(interval.start, at);
  }
}
