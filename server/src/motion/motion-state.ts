import type { Clock } from '../lib/clock.js';

/**
 * The event logic of video analysis (camera.ui §5.4 + spec §4), independent of frames and processes:
 *
 *   idle ──trigger──► motion            emits `started`
 *   motion ──trigger──► motion          re-arms the dwell timer
 *   motion ──dwell/timeout──► idle      emits `ended` (reason 'dwell' or 'timeout')
 *   motion ──force close──► cooldown    emits `ended` (reason 'forceClose')
 *   cooldown ──trigger──► cooldown      the scene is still busy: wait again
 *   cooldown ──quiet for dwell s──► idle
 *   any ──reset()──► idle               emits `ended` (reason 'reset') when an event was open
 *
 * Timing, precisely (S = start of the event, L = the last triggering frame):
 * - dwell (s): the event ends when no frame triggered for `dwellSeconds`: at L + dwell.
 * - motionTimeout (s), the camera's motion reset time: an event is never reset earlier than
 *   `motionTimeoutSeconds` after its start (camera.ui's per-camera cooldown: a new trigger within it belongs
 *   to the same event). So the automatic end is at max(L + dwell, S + motionTimeout), reason 'timeout' when
 *   the motion timeout was the later of the two, else 'dwell'.
 *   **motionTimeout 0 disables the reset** (spec §4): dwell and timeout never end the event; it ends only by
 *   force close or by an explicit `reset()`. With force close 0 as well, only `reset()` ends it.
 * - force close (min, 0 disables): the event ends at S + forceClose, however busy the picture still is.
 *   Afterwards (default 'quiet') a new event needs the picture to have been quiet for the dwell time first
 *   and then a new trigger: a scene that never quiets (a tree in the wind, rain) yields one event per busy
 *   spell instead of a new event every force-close period. With `afterForceClose: 'immediate'` the next
 *   trigger starts a new event at once, as camera.ui did.
 * - Settings apply live (`update`): the open event is re-planned with the new values from the same S and L;
 *   an end that now lies in the past happens at once (on the next timer tick).
 */

export interface MotionTiming {
  /** Seconds without a triggering frame that end an event (videoanalysis.dwellTimer). */
  dwellSeconds: number;
  /** Seconds an event lasts at least (camera.motionTimeout); 0 disables the automatic reset. */
  motionTimeoutSeconds: number;
  /** Minutes after which an event that never quiets is closed (videoanalysis.forceCloseTimer); 0 disables. */
  forceCloseMinutes: number;
}

export type MotionEndReason = 'dwell' | 'timeout' | 'forceClose' | 'reset';
export type MotionPhase = 'idle' | 'motion' | 'cooldown';

export type MotionTransition =
  | { type: 'started'; at: number }
  | { type: 'ended'; at: number; startedAt: number; reason: MotionEndReason };

export interface MotionStateOptions {
  /** What a trigger right after a force close does; default 'quiet' (see above). */
  afterForceClose?: 'quiet' | 'immediate';
}

export class MotionStateMachine {
  private timing: MotionTiming;
  private current: MotionPhase = 'idle';
  private start = 0;
  private last = 0;
  private timer: (() => void) | null = null;
  private readonly afterForceClose: 'quiet' | 'immediate';

  constructor(
    timing: MotionTiming,
    private readonly clock: Clock,
    private readonly onTransition: (transition: MotionTransition) => void,
    options: MotionStateOptions = {},
  ) {
    this.timing = checkTiming(timing);
    this.afterForceClose = options.afterForceClose ?? 'quiet';
  }

  get phase(): MotionPhase {
    return this.current;
  }

  /** Start of the open event (ms), or null. */
  get startedAt(): number | null {
    return this.current === 'motion' ? this.start : null;
  }

  get settings(): MotionTiming {
    return { ...this.timing };
  }

  /** A frame in which a zone triggered, now. */
  trigger(): void {
    const now = this.clock.now();
    this.last = now;
    if (this.current === 'idle') {
      this.current = 'motion';
      this.start = now;
      this.schedule();
      this.onTransition({ type: 'started', at: now });
      return;
    }
    this.schedule();
  }

  /** New timing, applied to the open event at once. */
  update(timing: MotionTiming): void {
    this.timing = checkTiming(timing);
    this.schedule();
  }

  /** Ends an open event (reason 'reset') and forgets a cooldown; a later trigger starts a new event. */
  reset(): void {
    this.clearTimer();
    const was = this.current;
    this.current = 'idle';
    if (was === 'motion') this.onTransition({ type: 'ended', at: this.clock.now(), startedAt: this.start, reason: 'reset' });
  }

  /** Stops the timers without emitting anything. */
  dispose(): void {
    this.clearTimer();
    this.current = 'idle';
  }

  /** When and why the current phase ends by itself; null = never. */
  private plan(): { at: number; reason: MotionEndReason | 'quiet' } | null {
    const { dwellSeconds, motionTimeoutSeconds, forceCloseMinutes } = this.timing;
    if (this.current === 'cooldown') return { at: this.last + dwellSeconds * 1_000, reason: 'quiet' };
    if (this.current !== 'motion') return null;
    let best: { at: number; reason: MotionEndReason } | null = null;
    if (motionTimeoutSeconds > 0) {
      const dwellEnd = this.last + dwellSeconds * 1_000;
      const timeoutEnd = this.start + motionTimeoutSeconds * 1_000;
      best = timeoutEnd > dwellEnd ? { at: timeoutEnd, reason: 'timeout' } : { at: dwellEnd, reason: 'dwell' };
    }
    if (forceCloseMinutes > 0) {
      const forceAt = this.start + forceCloseMinutes * 60_000;
      if (!best || forceAt < best.at) best = { at: forceAt, reason: 'forceClose' };
    }
    return best;
  }

  private schedule(): void {
    this.clearTimer();
    const next = this.plan();
    if (!next) return;
    this.timer = this.clock.setTimer(Math.max(0, next.at - this.clock.now()), () => {
      this.timer = null;
      this.expire();
    });
  }

  private expire(): void {
    const next = this.plan();
    if (!next) return;
    const now = this.clock.now();
    if (now < next.at) return this.schedule(); // a timer that fired early
    if (next.reason === 'quiet') {
      this.current = 'idle';
      return;
    }
    const startedAt = this.start;
    if (next.reason === 'forceClose' && this.afterForceClose === 'quiet') {
      this.current = 'cooldown';
      this.last = now;
      this.schedule();
    } else {
      this.current = 'idle';
    }
    this.onTransition({ type: 'ended', at: now, startedAt, reason: next.reason });
  }

  private clearTimer(): void {
    this.timer?.();
    this.timer = null;
  }
}

/** Throws RangeError for a dwell ≤ 0 or a negative timeout / force close. */
export function checkTiming(t: MotionTiming): MotionTiming {
  const ok = (v: number) => Number.isFinite(v) && v >= 0;
  if (!ok(t.dwellSeconds) || t.dwellSeconds <= 0) throw new RangeError(`dwell ${t.dwellSeconds} s must be > 0`);
  if (!ok(t.motionTimeoutSeconds)) throw new RangeError(`motion timeout ${t.motionTimeoutSeconds} s must be ≥ 0`);
  if (!ok(t.forceCloseMinutes)) throw new RangeError(`force close ${t.forceCloseMinutes} min must be ≥ 0`);
  return { ...t };
}
