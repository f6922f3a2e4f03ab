import { describe, expect, it } from 'vitest';
import { ObjectTracker } from './tracker.js';

const car = (x: number, score = 0.6) => ({ label: 'car', score, box: { x, y: 100, width: 80, height: 50 } });
const person = (x: number, score = 0.6) => ({ label: 'person', score, box: { x, y: 200, width: 30, height: 80 } });

describe('ObjectTracker', () => {
  it('alerts once the object was seen twice above the minimum, not on one stray hit', () => {
    const tracker = new ObjectTracker();
    expect(tracker.update([car(10)], 0, 0.45)).toEqual([]);
    expect(tracker.update([car(12)], 1_000, 0.45)).toMatchObject([{ label: 'car', reason: 'new', trackId: 1 }]);
    expect(tracker.update([car(11)], 2_000, 0.45)).toEqual([]);
  });

  it('alerts at once for a confident detection, never for a weak one', () => {
    const tracker = new ObjectTracker();
    expect(tracker.update([person(10, 0.8)], 0, 0.45)).toMatchObject([{ reason: 'new' }]);
    const weak = new ObjectTracker();
    for (let t = 0; t < 5; t++) expect(weak.update([person(10, 0.3)], t * 1_000, 0.45)).toEqual([]);
  });

  it('a parked car stays one object for hours of occasional detections', () => {
    const tracker = new ObjectTracker();
    tracker.update([car(10)], 0, 0.45);
    expect(tracker.update([car(10)], 1_000, 0.45)).toHaveLength(1);
    for (let t = 2; t < 40; t++) expect(tracker.update([car(10 + (t % 3))], t * 600_000, 0.45)).toEqual([]); // every 10 min
    expect(tracker.size).toBe(1);
  });

  it('the parked car driving off alerts again; a walker never re-alerts while walking', () => {
    const tracker = new ObjectTracker();
    tracker.update([car(10)], 0, 0.45);
    tracker.update([car(10)], 1_000, 0.45);
    tracker.update([car(10)], 12_000, 0.45); // still there after 10 s: stationary
    const leaving = [40, 70, 100].flatMap((x, i) => tracker.update([car(x)], 13_000 + i * 1_000, 0.45));
    expect(leaving).toMatchObject([{ label: 'car', reason: 'moved', trackId: 1 }]);

    const walk = new ObjectTracker();
    const events = [0, 25, 50, 75, 100, 125, 150].flatMap((x, i) => walk.update([person(x)], i * 1_000, 0.45));
    expect(events).toMatchObject([{ label: 'person', reason: 'new' }]);
  });

  it('two objects side by side are two tracks; labels never mix', () => {
    const tracker = new ObjectTracker();
    tracker.update([car(10), car(300), person(12)], 0, 0.45);
    const events = tracker.update([car(12), car(302), person(14)], 1_000, 0.45);
    expect(events.map((e) => `${e.label}:${e.trackId}`).sort()).toEqual(['car:1', 'car:2', 'person:3']);
  });

  it('forgets an object gone for longer than forgetMs: it is new when it comes back', () => {
    const tracker = new ObjectTracker({ forgetMs: 5_000 });
    tracker.update([person(10)], 0, 0.45);
    tracker.update([person(10)], 1_000, 0.45);
    expect(tracker.update([person(10)], 10_000, 0.45)).toEqual([]);
    expect(tracker.update([person(10)], 11_000, 0.45)).toMatchObject([{ reason: 'new', trackId: 2 }]);
  });
});
