import { describe, expect, it } from 'vitest';
import { Activity } from '../src/continuous/activity.js';
import { EventBus } from '../src/events/event-bus.js';

/**
 * A segment's tier flags at its close. The writer can run behind the wall clock (a busy machine): the segment
 * holding an event's last moments may open and close after the event finished and its recording is no longer
 * open, so the finished event itself must put that segment in the events tier.
 */
const T0 = Date.parse('2026-03-01T00:00:00Z');

function completed(bus: EventBus, camera: string, start: number, durationMs: number): void {
  bus.publish('RecordingCompleted', {
    recording: {
      id: `r-${start}`, camera, room: 'Default', label: 'motion', trigger: 'api', type: 'Video', status: 'complete',
      startedAt: new Date(start).toISOString(), durationMs, sizeBytes: 0, file: '', thumbnail: null,
    },
  });
}

describe('continuous activity flags', () => {
  it('puts a segment a finished event overlaps in the events tier, after the event closed', () => {
    const bus = new EventBus();
    let open = false;
    const activity = new Activity(bus, () => T0 + 10_000, () => open);
    activity.start();
    open = true;
    expect(activity.flags('Yard', T0, T0 + 2_000).event).toBe(1);
    // The event [T0 + 1 s, T0 + 4 s] finished; its recording is closed.
    completed(bus, 'Yard', T0 + 1_000, 3_000);
    open = false;
    // The segment with its last 0.1 s, closed late, and one touching its end: events tier.
    expect(activity.flags('Yard', T0 + 3_900, T0 + 5_900).event).toBe(1);
    expect(activity.flags('Yard', T0 + 4_000, T0 + 6_000).event).toBe(1);
    // After it, before it, and another camera: plain.
    expect(activity.flags('Yard', T0 + 4_100, T0 + 6_100).event).toBe(0);
    expect(activity.flags('Yard', T0 - 2_000, T0 + 900).event).toBe(0);
    expect(activity.flags('Gate', T0 + 3_900, T0 + 5_900).event).toBe(0);
    activity.stop();
    // Stopped: later events are not heard.
    completed(bus, 'Gate', T0 + 1_000, 3_000);
    expect(activity.flags('Gate', T0 + 3_900, T0 + 5_900).event).toBe(0);
  });

  it('forgets finished events after ten minutes', () => {
    const bus = new EventBus();
    let now = T0;
    const activity = new Activity(bus, () => now, () => false);
    activity.start();
    completed(bus, 'Yard', T0, 3_000);
    now = T0 + 11 * 60_000;
    completed(bus, 'Yard', now, 1_000);
    expect(activity.flags('Yard', T0, T0 + 2_000).event).toBe(0);
    expect(activity.flags('Yard', now, now + 2_000).event).toBe(1);
    activity.stop();
  });
});
