import { cameraSchema } from '@homecam/shared';
import { describe, expect, it } from 'vitest';
import { FakeClock } from '../lib/fake-clock.js';
import { clipSettings, delayToEnd, extendClip, onEndTimer, openClip, type ClipWindow } from './clip-policy.js';

const T0 = Date.parse('2026-01-01T12:00:00.000Z');
const camera = (extra: Record<string, unknown> = {}) => cameraSchema.parse({ name: 'Yard', videoConfig: { source: 'rtsp://cam/main' }, ...extra });

/** The recorder's end timer, driven by the fake clock: returns when the clip ended (null: still running). */
function runClip(clock: FakeClock, window: ClipWindow): { window: () => ClipWindow; set: (next: ClipWindow) => void; endedAt: () => number | null } {
  let current = window;
  let endedAt: number | null = null;
  let cancel = (): void => undefined;
  const arm = (): void => {
    cancel();
    cancel = clock.setTimer(delayToEnd(current, clock.now()), () => {
      const next = onEndTimer(current, clock.now());
      if (next.finish) endedAt = clock.now();
      else {
        current = { ...current, endAt: next.endAt };
        arm();
      }
    });
  };
  arm();
  return {
    window: () => current,
    set: (next) => {
      current = next;
      arm();
    },
    endedAt: () => endedAt,
  };
}

describe('clip policy', () => {
  it('takes the camera recording type and time over the global ones, and nothing when recordings are off', () => {
    const global = { active: true, type: 'Video' as const, timer: 10 };
    expect(clipSettings(global, camera())).toEqual({ type: 'Video', timerMs: 10_000 });
    expect(clipSettings(global, camera({ recordingType: 'Snapshot', recordingTimer: 3 }))).toEqual({ type: 'Snapshot', timerMs: 3_000 });
    expect(clipSettings({ ...global, active: false }, camera())).toBeNull();
  });

  it('a clip without further triggers ends one recording time after its start', () => {
    const clock = new FakeClock(T0);
    const clip = runClip(clock, openClip(clock.now(), 10_000, 60_000, false));
    clock.advance(9_999);
    expect(clip.endedAt()).toBeNull();
    clock.advance(1);
    expect(clip.endedAt()).toBe(T0 + 10_000);
  });

  it('a later trigger pushes the end a recording time past it; an earlier end is never brought forward', () => {
    const clock = new FakeClock(T0);
    const clip = runClip(clock, openClip(clock.now(), 10_000, 60_000, false));
    clock.advance(6_000);
    clip.set(extendClip(clip.window(), clock.now(), false));
    expect(clip.window().endAt).toBe(T0 + 16_000);
    expect(extendClip({ ...clip.window(), endAt: T0 + 30_000 }, clock.now(), false).endAt).toBe(T0 + 30_000);
    clock.advance(10_000);
    expect(clip.endedAt()).toBe(T0 + 16_000);
  });

  it('goes on a recording time at a time while motion continues, and stops at the cap', () => {
    const clock = new FakeClock(T0);
    const clip = runClip(clock, openClip(clock.now(), 10_000, 25_000, true));
    clock.advance(20_000);
    expect(clip.endedAt()).toBeNull();
    expect(clip.window().endAt).toBe(T0 + 25_000); // the third step is cut to the cap
    clock.advance(5_000);
    expect(clip.endedAt()).toBe(T0 + 25_000);
    // a trigger cannot move the end past the cap either
    expect(extendClip(clip.window(), T0 + 24_000, true).endAt).toBe(T0 + 25_000);
  });

  it('ends at the current end once motion has ended; a doorbell during motion keeps the motion', () => {
    const clock = new FakeClock(T0);
    const clip = runClip(clock, openClip(clock.now(), 10_000, 60_000, true));
    clock.advance(12_000); // extended once by motion: ends at 20 s unless it goes on
    expect(extendClip(clip.window(), clock.now(), false).motion).toBe(true);
    clip.set({ ...clip.window(), motion: false });
    clock.advance(8_000);
    expect(clip.endedAt()).toBe(T0 + 20_000);
  });
});
