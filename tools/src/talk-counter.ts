import type { SimEvent, TalkReceived } from './simulator-types.js';

/** Sums up the simulator's `talk-open` / `talk` / `talk-closed` lines (`--backchannel`) per camera. */
export class TalkCounter implements TalkReceived {
  sessions = 0;
  peakRms = 0;
  private readonly bytesBySession = new Map<number, number>();
  private readonly opened = new Set<number>();

  get open(): number {
    return this.opened.size;
  }

  get bytes(): number {
    let total = 0;
    for (const bytes of this.bytesBySession.values()) total += bytes;
    return total;
  }

  /** Takes one line of the script; other events are ignored. */
  take(message: SimEvent): void {
    const session = message.session;
    if (session === undefined) return;
    if (message.event === 'talk-open') {
      this.sessions += 1;
      this.opened.add(session);
    } else if (message.event === 'talk') {
      this.bytesBySession.set(session, message.bytes ?? 0);
      this.peakRms = Math.max(this.peakRms, message.rms ?? 0);
    } else if (message.event === 'talk-closed') {
      this.opened.delete(session);
      if (message.bytes !== undefined) this.bytesBySession.set(session, message.bytes);
    }
  }
}
