const CLOCK_RATE = 90_000;
/** Spacing of catch-up frames: 1 ms, so the receiver's jitter buffer sees them as due at once. */
const CATCH_UP_STEP = 90;

/**
 * RTP timestamps (90 kHz) for the frames of one viewer. Live frames advance by their media time difference, so
 * the receiver plays them at the camera's pace. Catch-up frames (the buffered GOP sent on join or resume, frames
 * that waited in a queue) advance by 1 ms only: the browser decodes them at once and shows the newest picture
 * instead of replaying the last seconds. Media time jumps (dropped frames, reconnects) carry over unchanged.
 */
export class RtpClock {
  private last: { time: number; rtp: number } | null = null;

  constructor(private readonly start = Math.floor(Math.random() * 0xffffffff)) {}

  timestamp(time: number, catchUp: boolean): number {
    let rtp: number;
    if (!this.last) rtp = this.start;
    else {
      const delta = Math.round((time - this.last.time) * CLOCK_RATE);
      // Never backwards or standing still: a repeated or older time (a new init segment restarting at 0) steps 1 ms.
      rtp = this.last.rtp + (catchUp || delta <= 0 ? CATCH_UP_STEP : delta);
    }
    rtp = rtp >>> 0;
    this.last = { time, rtp };
    return rtp;
  }
}
