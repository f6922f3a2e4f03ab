const CLOCK_RATE = 48_000;
/** Packets closer than this are one continuous stream (ffmpeg hands them out in bursts, one per fragment). */
const GAP_MS = 300;

/**
 * RTP timestamps (48 kHz, Opus) for one viewer's audio track: each packet advances by the previous packet's
 * duration, so the receiver plays the stream gapless however bursty it arrives; after a silence (camera outage,
 * pause, transcoder restart) the timestamp jumps by the wall time that passed, so the receiver does not play the
 * new sound late to close a gap that is not there.
 */
export class AudioRtpClock {
  private last: { rtp: number; samples: number; at: number } | null = null;

  constructor(private readonly start = Math.floor(Math.random() * 0xffffffff)) {}

  timestamp(samples: number, now: number): number {
    let rtp: number;
    if (!this.last) rtp = this.start;
    else {
      const elapsed = now - this.last.at;
      const step = elapsed > GAP_MS ? Math.max(this.last.samples, Math.round((elapsed * CLOCK_RATE) / 1000)) : this.last.samples;
      rtp = (this.last.rtp + step) >>> 0;
    }
    this.last = { rtp, samples, at: now };
    return rtp;
  }
}
