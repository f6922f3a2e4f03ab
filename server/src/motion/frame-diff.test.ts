import { describe, expect, it } from 'vitest';
import { FrameDiff, type DiffThresholds } from './frame-diff.js';
import { brighter, flat, H, textured, W, withChangedPixels, withRect } from './test-support/frames.js';
import { rasterizeZones, type ZonePolygon } from './zones.js';

const PIXELS = W * H; // 57,600

function diffFor(thresholds: DiffThresholds, zones: ZonePolygon[] = []): FrameDiff {
  return new FrameDiff(W, H, rasterizeZones(zones, W, H), thresholds);
}

/** Runs base then next (100 ms apart) and returns the result for next. */
function compare(diff: FrameDiff, base: Uint8Array, next: Uint8Array, at = 0) {
  expect(diff.process(base, at).outcome).toBe('baseline');
  const r = diff.process(next, at + 100);
  return { outcome: r.outcome, triggered: r.triggered, share: r.frameChangedShare, zones: [...r.zoneTriggered] };
}

describe('FrameDiff thresholds', () => {
  const base = flat(100);

  it('difference: a pixel changed by exactly `difference` counts, one level less does not', () => {
    // sensitivity 100 → a single changed pixel triggers
    expect(compare(diffFor({ difference: 20, sensitivity: 100 }), base, withChangedPixels(base, 1, 20)).triggered).toBe(true);
    expect(compare(diffFor({ difference: 20, sensitivity: 100 }), base, withChangedPixels(base, 1, 19)).triggered).toBe(false);
    expect(compare(diffFor({ difference: 20, sensitivity: 100 }), base, withChangedPixels(base, 1, -20)).triggered).toBe(true);
    // the extremes of the range
    expect(compare(diffFor({ difference: 1, sensitivity: 100 }), base, withChangedPixels(base, 1, 1)).triggered).toBe(true);
    expect(compare(diffFor({ difference: 255, sensitivity: 100 }), flat(0), withChangedPixels(flat(0), 1, 255)).triggered).toBe(true);
    expect(compare(diffFor({ difference: 255, sensitivity: 100 }), flat(1), withChangedPixels(flat(1), 1, 254)).triggered).toBe(false);
  });

  it('sensitivity: a zone triggers when ≥ (100 − sensitivity) % of its pixels changed', () => {
    // sensitivity 99 → 1 % of 57,600 = 576 pixels
    expect(compare(diffFor({ difference: 10, sensitivity: 99 }), base, withChangedPixels(base, 576, 30)).triggered).toBe(true);
    expect(compare(diffFor({ difference: 10, sensitivity: 99 }), base, withChangedPixels(base, 575, 30)).triggered).toBe(false);
    // sensitivity 75 → 25 % of a 10 % zone (32 × 180 = 5,760 px) = 1,440 px
    const zone = [{ coords: [[0, 0], [10, 0], [10, 100], [0, 100]] as [number, number][] }];
    const rect = { x0: 0, y0: 0, x1: 32, y1: H };
    expect(compare(diffFor({ difference: 10, sensitivity: 75 }, zone), base, withChangedPixels(base, 1_440, 30, rect)).triggered).toBe(true);
    expect(compare(diffFor({ difference: 10, sensitivity: 75 }, zone), base, withChangedPixels(base, 1_439, 30, rect)).triggered).toBe(false);
  });

  it('sensitivity 100 needs one changed pixel (never zero); sensitivity 0 needs every pixel of the zone', () => {
    expect(compare(diffFor({ difference: 10, sensitivity: 100 }), base, base.slice()).triggered).toBe(false);
    const zone = [{ coords: [[0, 0], [10, 0], [10, 10], [0, 10]] as [number, number][] }]; // 32 × 18 px
    const d = () => diffFor({ difference: 10, sensitivity: 0 }, zone);
    expect(compare(d(), base, withRect(base, 0, 0, 32, 18, 200)).triggered).toBe(true);
    expect(compare(d(), base, withChangedPixels(base, 32 * 18 - 1, 100, { x0: 0, y0: 0, x1: 32, y1: 18 })).triggered).toBe(false);
  });

  it('a change outside every zone is ignored', () => {
    const left = [{ coords: [[0, 0], [50, 0], [50, 100], [0, 100]] as [number, number][] }];
    const r = compare(diffFor({ difference: 10, sensitivity: 95 }, left), base, withRect(base, 200, 40, 300, 140, 250));
    expect(r).toMatchObject({ outcome: 'compared', triggered: false, zones: [0] });
    expect(r.share).toBeCloseTo((100 * 100) / PIXELS, 5);
    // the same change inside the zone triggers
    expect(compare(diffFor({ difference: 10, sensitivity: 95 }, left), base, withRect(base, 20, 40, 120, 140, 250)).triggered).toBe(true);
  });

  it('judges each zone on its own share', () => {
    const zones = [
      { coords: [[0, 0], [50, 0], [50, 100], [0, 100]] as [number, number][] }, // 160 × 180
      { coords: [[50, 0], [100, 0], [100, 100], [50, 100]] as [number, number][] },
    ];
    const r = compare(diffFor({ difference: 10, sensitivity: 90 }, zones), base, withRect(base, 200, 0, 260, 180, 250));
    expect(r.zones).toEqual([0, 1]);
  });

  it('rejects out-of-range thresholds and frames of the wrong size', () => {
    expect(() => diffFor({ difference: 0, sensitivity: 50 })).toThrow(RangeError);
    expect(() => diffFor({ difference: 256, sensitivity: 50 })).toThrow(RangeError);
    expect(() => diffFor({ difference: 5, sensitivity: 101 })).toThrow(RangeError);
    expect(() => diffFor({ difference: 5, sensitivity: 50 }).process(new Uint8Array(10), 0)).toThrow(RangeError);
  });
});

describe('FrameDiff scene changes', () => {
  const thresholds = { difference: 15, sensitivity: 95 };

  it('a brightness jump of the whole picture is a scene change, not motion, and becomes the baseline', () => {
    const diff = diffFor(thresholds);
    const room = textured();
    expect(diff.process(room, 0).outcome).toBe('baseline');
    const lit = brighter(room, 60);
    const r = diff.process(lit, 250);
    expect(r).toMatchObject({ outcome: 'scene-change', triggered: false });
    expect(r.meanJump).toBeGreaterThan(50);
    // frames while the exposure settles are not judged, even if they differ a lot
    expect(diff.process(withRect(lit, 0, 0, 60, 60, 0), 500)).toMatchObject({ outcome: 'settling', triggered: false });
    // after settling: compared against the lit picture; an unchanged picture is quiet…
    expect(diff.process(withRect(lit, 0, 0, 60, 60, 0), 1_300)).toMatchObject({ outcome: 'compared', triggered: false });
    // …and real motion triggers again
    expect(diff.process(lit, 1_550)).toMatchObject({ outcome: 'compared', triggered: true });
  });

  it('most of the frame changing at once without a mean shift (infrared switching) is a scene change too', () => {
    const diff = diffFor(thresholds);
    const day = textured(1);
    diff.process(day, 0);
    const night = textured(2); // another picture of the same average brightness
    const r = diff.process(night, 250);
    expect(r.meanJump).toBeLessThan(5);
    expect(r.frameChangedShare).toBeGreaterThan(0.6);
    expect(r.outcome).toBe('scene-change');
  });

  it('a large but partial change below the limits is motion', () => {
    const diff = diffFor(thresholds);
    const base = flat(100);
    diff.process(base, 0);
    // 40 % of the frame changes by +40 → mean jump 16 < 30, share 0.4 < 0.6
    expect(diff.process(withRect(base, 0, 0, 128, 180, 140), 250)).toMatchObject({ outcome: 'compared', triggered: true });
  });

  it('a long gap between frames (outage) re-baselines instead of comparing', () => {
    const diff = diffFor(thresholds);
    diff.process(flat(100), 0);
    expect(diff.process(flat(100), 250).outcome).toBe('compared');
    expect(diff.process(withRect(flat(100), 0, 0, 100, 100, 250), 10_000).outcome).toBe('baseline');
  });

  it('reset() forgets the baseline; new masks and thresholds keep it', () => {
    const diff = diffFor(thresholds);
    diff.process(flat(100), 0);
    diff.setMasks(rasterizeZones([{ coords: [[0, 0], [50, 0], [0, 50]] }], W, H));
    diff.setThresholds({ difference: 5, sensitivity: 100 });
    expect(diff.process(withChangedPixels(flat(100), 1, 5), 100)).toMatchObject({ outcome: 'compared', triggered: true });
    diff.reset();
    expect(diff.process(flat(0), 200).outcome).toBe('baseline');
  });
});
