import { describe, expect, it } from 'vitest';
import { MotionAnalyzer } from './motion-analyzer.js';
import type { MotionTransition } from './motion-state.js';
import type { MotionSettings } from './settings.js';
import { FakeClock } from '../lib/fake-clock.js';
import { brighter, flat, H, textured, W, withRect } from './test-support/frames.js';

const T0 = 1_000_000;
const FRAME_MS = 250; // 4 fps
const LEFT_HALF = { coords: [[0, 0], [50, 0], [50, 100], [0, 100]] as [number, number][] };
const RIGHT_HALF = { coords: [[50, 0], [100, 0], [100, 100], [50, 100]] as [number, number][] };

function setup(settings: Partial<MotionSettings> = {}) {
  const clock = new FakeClock(T0);
  const events: string[] = [];
  const onTransition = (e: MotionTransition) => events.push(e.type === 'started' ? `started@${e.at - T0}` : `ended@${e.at - T0}:${e.reason}`);
  const analyzer = new MotionAnalyzer(
    { zones: [], difference: 20, sensitivity: 99, dwellSeconds: 3, motionTimeoutSeconds: 1, forceCloseMinutes: 1, ...settings },
    clock,
    onTransition,
  );
  /** Shows `frame` as the next video frame, one frame interval after the previous one. */
  const show = (frame: Uint8Array, width = W, height = H) => {
    clock.advance(FRAME_MS);
    return analyzer.process(frame, width, height);
  };
  /** A 30 × 30 block moving 30 px to the right per frame on `background`, from x0 to x0 + 120 and again (y fixed). */
  const moving = (background: Uint8Array, frames: number, x0: number, y = 60) => {
    for (let i = 0; i < frames; i++) {
      const x = x0 + 30 * (i % 5);
      show(withRect(background, x, y, x + 30, y + 30, 250));
    }
  };
  return { clock, analyzer, events, show, moving };
}

describe('MotionAnalyzer (synthetic frames, fake clock)', () => {
  it('a still picture gives no event; a moving object starts one; it ends after the dwell once the object stops', () => {
    const { show, moving, events, analyzer } = setup();
    const room = flat(90);
    for (let i = 0; i < 20; i++) show(room);
    expect(events).toEqual([]);

    moving(room, 4, 0); // 2 × 900 px of 57,600 change per frame = 3 % ≥ 1 %
    expect(events).toEqual([`started@${21 * FRAME_MS}`]);
    expect(analyzer.phase).toBe('motion');

    const parked = withRect(room, 90, 60, 120, 90, 250);
    for (let i = 0; i < 20; i++) show(parked); // 5 s of a still picture
    // the last triggering frame was the 4th moving one (t = 24 frames); dwell 3 s later it ends
    expect(events).toEqual([`started@${21 * FRAME_MS}`, `ended@${24 * FRAME_MS + 3_000}:dwell`]);
  });

  it('motion outside every zone is ignored', () => {
    const { show, moving, events } = setup({ zones: [LEFT_HALF], sensitivity: 98 });
    const room = flat(90);
    show(room);
    moving(room, 5, 170); // x 170…320: the right half only
    expect(events).toEqual([]);
    moving(room, 3, 0); // the left half
    expect(events).toHaveLength(1);
  });

  it('a light change of the whole picture (and the exposure settling after it) does not start an event', () => {
    const { show, events, analyzer } = setup({ difference: 10, sensitivity: 95 });
    const room = textured();
    show(room);
    show(room);
    show(brighter(room, 70)); // lights on
    show(brighter(room, 62)); // auto exposure pulls back over the next frames
    show(brighter(room, 58));
    for (let i = 0; i < 8; i++) show(brighter(room, 58));
    show(brighter(room, -40)); // lights off again (infrared)
    for (let i = 0; i < 8; i++) show(brighter(room, -40));
    expect(events).toEqual([]);
    expect(analyzer.phase).toBe('idle');
    // motion in the new light is still seen
    const dark = brighter(room, -40);
    show(withRect(dark, 0, 0, 80, 80, 255));
    expect(events).toHaveLength(1);
  });

  it('applies new settings live: zones, thresholds and timing, without losing the open event', () => {
    const { show, moving, events, analyzer } = setup({ zones: [LEFT_HALF], sensitivity: 98, dwellSeconds: 60 });
    const room = flat(90);
    show(room);
    moving(room, 3, 0);
    expect(events).toHaveLength(1);

    // the zone moves to the right half: motion on the left no longer counts, the event stays open
    analyzer.update({ zones: [RIGHT_HALF], difference: 20, sensitivity: 98, dwellSeconds: 60, motionTimeoutSeconds: 1, forceCloseMinutes: 0 });
    expect(analyzer.phase).toBe('motion');
    // a shorter dwell ends the event 2 s after the last trigger (which was 1 frame ago)
    analyzer.update({ zones: [RIGHT_HALF], difference: 20, sensitivity: 98, dwellSeconds: 2, motionTimeoutSeconds: 1, forceCloseMinutes: 0 });
    moving(room, 12, 0); // 3 s of motion in the left half: ignored now
    expect(events).toEqual([`started@${2 * FRAME_MS}`, `ended@${4 * FRAME_MS + 2_000}:dwell`]);

    // a higher pixel difference makes a faint object invisible
    analyzer.update({ zones: [RIGHT_HALF], difference: 100, sensitivity: 98, dwellSeconds: 2, motionTimeoutSeconds: 1, forceCloseMinutes: 0 });
    for (let i = 0; i < 5; i++) show(withRect(room, 170 + 30 * i, 60, 200 + 30 * i, 90, 150)); // 60 levels brighter
    expect(events).toHaveLength(2);
    analyzer.update({ zones: [RIGHT_HALF], difference: 50, sensitivity: 98, dwellSeconds: 2, motionTimeoutSeconds: 1, forceCloseMinutes: 0 });
    for (let i = 0; i < 5; i++) show(withRect(room, 170 + 30 * i, 60, 200 + 30 * i, 90, 150));
    expect(events).toHaveLength(3);
  });

  it('rejects invalid settings without changing anything', () => {
    const { analyzer, show, moving, events } = setup();
    show(flat(90));
    expect(() => analyzer.update({ zones: [], difference: 0, sensitivity: 50, dwellSeconds: 3, motionTimeoutSeconds: 1, forceCloseMinutes: 0 })).toThrow(RangeError);
    expect(() => analyzer.update({ zones: [], difference: 20, sensitivity: 50, dwellSeconds: 0, motionTimeoutSeconds: 1, forceCloseMinutes: 0 })).toThrow(RangeError);
    moving(flat(90), 3, 0);
    expect(events).toHaveLength(1);
  });

  it('a new frame size starts from a fresh baseline with the zones rasterised again', () => {
    const { show, events, analyzer } = setup({ zones: [LEFT_HALF], sensitivity: 98 });
    show(flat(90));
    show(flat(90, 320, 240), 320, 240); // the camera switched to 4:3: no comparison across sizes
    expect(events).toEqual([]);
    expect(analyzer.frameSize).toEqual({ width: 320, height: 240 });
    show(withRect(flat(90, 320, 240), 0, 0, 60, 60, 250, 320), 320, 240);
    expect(events).toHaveLength(1);
  });

  it('frames far apart are compared when the gap limit allows it (keyframes-only decoding)', () => {
    const { clock, analyzer, events } = setup();
    const room = flat(90);
    analyzer.process(room, W, H);
    clock.advance(8_000); // one GOP later
    analyzer.process(withRect(room, 0, 0, 60, 60, 250), W, H);
    expect(events).toEqual([]); // 8 s > the default 5 s gap limit: re-baselined
    analyzer.setSceneOptions({ maxGapMs: 30_000 });
    clock.advance(8_000);
    analyzer.process(room, W, H);
    expect(events).toEqual([`started@16000`]);
  });

  it('reset() ends the open event; rebaseline() ignores the next frame', () => {
    const { show, moving, events, analyzer } = setup();
    const room = flat(90);
    show(room);
    moving(room, 2, 0);
    analyzer.reset();
    expect(events.at(-1)).toMatch(/:reset$/);
    analyzer.rebaseline();
    show(flat(10)); // would be a scene change / motion otherwise
    expect(events).toHaveLength(2);
  });
});
