import { describe, expect, it } from 'vitest';
import { EventBus } from '../events/event-bus.js';
import { FakeClock } from '../lib/fake-clock.js';
import { LowSpaceWarning, lowSpaceThreshold, type DiskSpace } from './low-space-warning.js';

const MB = 1024 ** 2;
const GB = 1024 ** 3;

function setup(initial: DiskSpace) {
  const clock = new FakeClock();
  const bus = new EventBus();
  const warnings: string[] = [];
  let space = initial;
  let looks = 0;
  const warning = new LowSpaceWarning({
    space: () => {
      looks += 1;
      return Promise.resolve(space);
    },
    warn: (message) => Promise.resolve(warnings.push(message)),
    bus,
    clock,
  });
  const clipStarts = () => bus.publish('RecordingStarted', { eventId: 'e', id: 'r', thumbnail: null, camera: 'Sim', extended: false });
  return { clock, warning, warnings, clipStarts, setFree: (freeBytes: number) => (space = { ...space, freeBytes }), looks: () => looks };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('the warning before the recordings disk is full (D2/F15)', () => {
  it('warns below a tenth of the disk, at most 5 GiB', () => {
    expect(lowSpaceThreshold(30 * MB)).toBe(3 * MB);
    expect(lowSpaceThreshold(2048 * GB)).toBe(5 * GB);
  });

  it('the probe\'s 30 MB disk filling up: one WARN before it is full, none again until space came back', async () => {
    const { clock, warning, warnings, clipStarts, setFree } = setup({ freeBytes: 6 * MB, totalBytes: 30 * MB });
    warning.start();
    await settle();
    expect(warnings).toEqual([]);
    for (const free of [5, 4, 2.5, 1, 0.2]) {
      setFree(free * MB);
      clock.advance(30_000);
      clipStarts();
      await settle();
    }
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^Only 2\.5 MB free on the recordings disk \(of 30\.0 MB\): recordings will fail when it is full/);
    // Someone deleted recordings: above 1.5 × the threshold it may warn again later.
    setFree(10 * MB);
    clock.advance(10 * 60_000); // the periodic look
    await settle();
    setFree(1 * MB);
    clock.advance(30_000);
    clipStarts();
    await settle();
    expect(warnings).toHaveLength(2);
    warning.stop();
  });

  it('looks at the disk at most every 30 s however many clips start', async () => {
    const { clock, warning, clipStarts, looks } = setup({ freeBytes: 20 * GB, totalBytes: 100 * GB });
    warning.start();
    await settle();
    for (let i = 0; i < 50; i++) clipStarts();
    await settle();
    expect(looks()).toBe(1);
    clock.advance(30_000);
    clipStarts();
    await settle();
    expect(looks()).toBe(2);
    warning.stop();
  });
});
