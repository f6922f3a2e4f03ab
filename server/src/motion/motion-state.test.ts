import { describe, expect, it } from 'vitest';
import { MotionStateMachine, type MotionStateOptions, type MotionTiming, type MotionTransition } from './motion-state.js';
import { FakeClock } from '../lib/fake-clock.js';

const T0 = 1_000_000;

function setup(timing: Partial<MotionTiming> = {}, options: MotionStateOptions = {}) {
  const clock = new FakeClock(T0);
  const events: (MotionTransition & { t: number })[] = [];
  const machine = new MotionStateMachine(
    { dwellSeconds: 10, motionTimeoutSeconds: 5, forceCloseMinutes: 0, ...timing },
    clock,
    (e) => events.push({ ...e, t: e.at - T0 }),
    options,
  );
  /** Triggers every `everyMs` for `forMs`, starting now. */
  const busy = (forMs: number, everyMs = 500): void => {
    for (let t = 0; t < forMs; t += everyMs) {
      machine.trigger();
      clock.advance(everyMs);
    }
  };
  const summary = () => events.map((e) => (e.type === 'started' ? `started@${e.t}` : `ended@${e.t}:${e.reason}`));
  return { clock, machine, events, busy, summary };
}

describe('MotionStateMachine', () => {
  it('starts on the first trigger and ends after the dwell time without motion', () => {
    const { clock, machine, summary } = setup({ dwellSeconds: 10, motionTimeoutSeconds: 5 });
    expect(machine.phase).toBe('idle');
    machine.trigger();
    expect(summary()).toEqual(['started@0']);
    expect(machine.startedAt).toBe(T0);
    clock.advance(9_999);
    expect(machine.phase).toBe('motion');
    clock.advance(1);
    expect(summary()).toEqual(['started@0', 'ended@10000:dwell']);
    expect(machine.phase).toBe('idle');
    expect(clock.pendingTimers).toBe(0);
  });

  it('every further trigger re-arms the dwell timer', () => {
    const { clock, machine, summary } = setup({ dwellSeconds: 10, motionTimeoutSeconds: 5 });
    machine.trigger();
    clock.advance(8_000);
    machine.trigger(); // t = 8 s
    clock.advance(8_000);
    machine.trigger(); // t = 16 s
    clock.advance(9_999);
    expect(summary()).toEqual(['started@0']);
    clock.advance(1);
    expect(summary()).toEqual(['started@0', 'ended@26000:dwell']);
  });

  it('a motion timeout longer than the dwell keeps the event open until start + timeout', () => {
    const { clock, machine, summary } = setup({ dwellSeconds: 2, motionTimeoutSeconds: 15 });
    machine.trigger();
    clock.advance(3_000);
    machine.trigger(); // t = 3 s; dwell alone would end at 5 s
    clock.advance(20_000);
    expect(summary()).toEqual(['started@0', 'ended@15000:timeout']);
    // motion after the timeout: the dwell decides again
    machine.trigger();
    clock.advance(14_000);
    machine.trigger(); // 14 s into the second event
    clock.advance(20_000);
    expect(summary().slice(2)).toEqual(['started@23000', 'ended@39000:dwell']);
  });

  it('motion timeout 0 disables the reset: only force close ends the event', () => {
    const { clock, machine, summary } = setup({ dwellSeconds: 2, motionTimeoutSeconds: 0, forceCloseMinutes: 3 });
    machine.trigger();
    clock.advance(60_000);
    expect(machine.phase).toBe('motion');
    clock.advance(120_000);
    expect(summary()).toEqual(['started@0', 'ended@180000:forceClose']);
  });

  it('motion timeout 0 and force close 0: only reset() ends the event', () => {
    const { clock, machine, summary } = setup({ dwellSeconds: 2, motionTimeoutSeconds: 0, forceCloseMinutes: 0 });
    machine.trigger();
    clock.advance(24 * 3_600_000);
    expect(machine.phase).toBe('motion');
    expect(clock.pendingTimers).toBe(0);
    machine.reset();
    expect(summary()).toEqual(['started@0', `ended@${24 * 3_600_000}:reset`]);
  });

  it('force close ends an event that never quiets, then waits for a quiet dwell period before the next event', () => {
    const { clock, machine, busy, summary } = setup({ dwellSeconds: 5, motionTimeoutSeconds: 15, forceCloseMinutes: 2 });
    busy(150_000); // continuous motion for 2.5 min
    expect(summary()).toEqual(['started@0', 'ended@120000:forceClose']);
    expect(machine.phase).toBe('cooldown'); // the last trigger was at 149.5 s
    clock.advance(4_000); // quiet for 4.5 s, less than the dwell time
    machine.trigger(); // still busy: no new event, the quiet period starts again (t = 154 s)
    expect(summary()).toHaveLength(2);
    clock.advance(4_999);
    expect(machine.phase).toBe('cooldown');
    clock.advance(1); // quiet for the dwell time now
    expect(machine.phase).toBe('idle');
    machine.trigger();
    expect(summary()).toEqual(['started@0', 'ended@120000:forceClose', 'started@159000']);
  });

  it("afterForceClose 'immediate': the next trigger starts a new event at once (camera.ui)", () => {
    const { machine, busy, summary } = setup({ dwellSeconds: 5, motionTimeoutSeconds: 5, forceCloseMinutes: 1 }, { afterForceClose: 'immediate' });
    busy(61_000);
    expect(summary()).toEqual(['started@0', 'ended@60000:forceClose', 'started@60000']);
    expect(machine.phase).toBe('motion');
  });

  it('applies new timing to the open event at once', () => {
    const { clock, machine, summary } = setup({ dwellSeconds: 60, motionTimeoutSeconds: 5 });
    machine.trigger();
    clock.advance(10_000);
    machine.update({ dwellSeconds: 20, motionTimeoutSeconds: 5, forceCloseMinutes: 0 }); // ends at 20 s now
    clock.advance(9_999);
    expect(machine.phase).toBe('motion');
    clock.advance(1);
    expect(summary()).toEqual(['started@0', 'ended@20000:dwell']);

    machine.trigger(); // second event at 20 s, motion timeout 0 = no reset
    machine.update({ dwellSeconds: 2, motionTimeoutSeconds: 0, forceCloseMinutes: 0 });
    clock.advance(120_000);
    expect(machine.phase).toBe('motion');
    machine.update({ dwellSeconds: 2, motionTimeoutSeconds: 0, forceCloseMinutes: 1 }); // already past: closes now
    clock.advance(0);
    expect(summary().slice(2)).toEqual(['started@20000', 'ended@140000:forceClose']);
  });

  it('reset() ends an open event, clears a cooldown, and is silent when idle', () => {
    const { clock, machine, busy, summary } = setup({ dwellSeconds: 5, forceCloseMinutes: 1 });
    machine.reset();
    expect(summary()).toEqual([]);
    machine.trigger();
    clock.advance(1_000);
    machine.reset();
    expect(summary()).toEqual(['started@0', 'ended@1000:reset']);
    expect(clock.pendingTimers).toBe(0);
    busy(61_000);
    expect(machine.phase).toBe('cooldown');
    machine.reset();
    expect(machine.phase).toBe('idle');
    expect(summary()).toHaveLength(4); // no second 'ended' for the cooldown
  });

  it('dispose() stops the timers without an event', () => {
    const { clock, machine, summary } = setup();
    machine.trigger();
    machine.dispose();
    clock.advance(60_000);
    expect(summary()).toEqual(['started@0']);
    expect(clock.pendingTimers).toBe(0);
  });

  it('rejects invalid timing', () => {
    expect(() => setup({ dwellSeconds: 0 })).toThrow(RangeError);
    expect(() => setup({ motionTimeoutSeconds: -1 })).toThrow(RangeError);
    expect(() => setup({ forceCloseMinutes: Number.NaN })).toThrow(RangeError);
  });
});
