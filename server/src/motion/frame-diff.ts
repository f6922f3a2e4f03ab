import type { ZoneMask } from './zones.js';

/**
 * Frame comparison as camera.ui did it with pam-diff (percent mode), on grey frames: each frame is compared
 * with the previous one; a pixel changed when |a − b| ≥ `difference`; a zone triggers when at least
 * (100 − `sensitivity`) % of its pixels changed. All zones share the thresholds.
 *
 * On top of that, a change of the whole picture at once (lights switched, infrared mode switching, the camera
 * adjusting exposure) is a scene change, not motion: the frame only becomes the new baseline, and the frames
 * of a short settling period after it are not judged either (exposure ramps over a few frames).
 *
 * Allocation-free per frame: one changed-pixel map and the previous frame are kept and reused; the result
 * object is reused too (read it before the next call).
 */

export interface DiffThresholds {
  /** Per-pixel change threshold, 1–255: a pixel changed when |a − b| ≥ difference. */
  difference: number;
  /**
   * 0–100: a zone triggers when at least (100 − sensitivity) % of its pixels changed, and at least one did
   * (so 100 means "any changed pixel", 0 means "every pixel of the zone").
   */
  sensitivity: number;
}

export interface SceneChangeOptions {
  /** Share of the WHOLE frame (0–1) which, changed at once, makes a scene change. Default 0.6. */
  maxChangedShare?: number;
  /** Jump of the mean brightness of the whole frame (grey levels 0–255) that makes a scene change. Default 30. */
  maxMeanJump?: number;
  /** Frames within this many ms after a scene change only re-baseline (auto exposure, IR cut filter). Default 1000. */
  settleMs?: number;
  /** A longer gap between two frames (outage, restart) re-baselines instead of comparing. Default 5000. */
  maxGapMs?: number;
}

/**
 * baseline: first frame (or after a gap/reset), nothing compared · compared: judged normally ·
 * scene-change: the whole picture changed, taken as the new baseline · settling: shortly after a scene change.
 */
export type DiffOutcome = 'baseline' | 'compared' | 'scene-change' | 'settling';

export interface DiffResult {
  outcome: DiffOutcome;
  /** At least one zone triggered (only ever true for 'compared'). */
  triggered: boolean;
  /** Changed pixels of the whole frame ÷ all pixels (0–1); 0 for 'baseline'. */
  frameChangedShare: number;
  /** |mean brightness now − before| in grey levels; 0 for 'baseline'. */
  meanJump: number;
  /** Per zone, in mask order: changed pixels ÷ zone pixels (0–1). */
  zoneShares: Float64Array;
  /** Per zone, in mask order: 1 when the zone triggered. */
  zoneTriggered: Uint8Array;
}

export const DEFAULT_SCENE_CHANGE: Required<SceneChangeOptions> = {
  maxChangedShare: 0.6,
  maxMeanJump: 30,
  settleMs: 1_000,
  maxGapMs: 5_000,
};

export class FrameDiff {
  readonly width: number;
  readonly height: number;
  private readonly pixels: number;
  private readonly previous: Uint8Array;
  private readonly changed: Uint8Array;
  private hasPrevious = false;
  private previousAt = 0;
  private settleUntil = -Infinity;
  private masks: readonly ZoneMask[];
  private thresholds: DiffThresholds;
  private scene: Required<SceneChangeOptions>;
  private readonly result: DiffResult;

  constructor(width: number, height: number, masks: readonly ZoneMask[], thresholds: DiffThresholds, scene: SceneChangeOptions = {}) {
    if (!Number.isInteger(width) || !Number.isInteger(height) || width <= 0 || height <= 0) {
      throw new RangeError(`invalid frame size ${width}x${height}`);
    }
    this.width = width;
    this.height = height;
    this.pixels = width * height;
    this.previous = new Uint8Array(this.pixels);
    this.changed = new Uint8Array(this.pixels);
    this.masks = masks;
    this.thresholds = checkThresholds(thresholds);
    this.scene = { ...DEFAULT_SCENE_CHANGE, ...scene };
    this.result = {
      outcome: 'baseline', triggered: false, frameChangedShare: 0, meanJump: 0,
      zoneShares: new Float64Array(masks.length), zoneTriggered: new Uint8Array(masks.length),
    };
  }

  /** New zones (same frame size); the baseline is kept. */
  setMasks(masks: readonly ZoneMask[]): void {
    this.masks = masks;
    this.result.zoneShares = new Float64Array(masks.length);
    this.result.zoneTriggered = new Uint8Array(masks.length);
  }

  setThresholds(thresholds: DiffThresholds): void {
    this.thresholds = checkThresholds(thresholds);
  }

  setSceneChange(scene: SceneChangeOptions): void {
    this.scene = { ...this.scene, ...scene };
  }

  /** Per pixel, 1 where the last compared frame changed (valid after a 'compared' result; reused). */
  get changedMap(): Uint8Array {
    return this.changed;
  }

  /** Forgets the baseline: the next frame is compared with nothing. */
  reset(): void {
    this.hasPrevious = false;
    this.settleUntil = -Infinity;
  }

  /**
   * Compares `frame` (width × height grey bytes) with the previous one and keeps it as the next baseline.
   * `at` is the frame's time in ms (any monotonic clock). The returned object is reused by the next call.
   */
  process(frame: Uint8Array, at: number): DiffResult {
    if (frame.length !== this.pixels) throw new RangeError(`frame has ${frame.length} bytes, expected ${this.pixels}`);
    const r = this.result;
    r.triggered = false;
    r.zoneShares.fill(0);
    r.zoneTriggered.fill(0);
    if (!this.hasPrevious || at - this.previousAt > this.scene.maxGapMs) {
      r.outcome = 'baseline';
      r.frameChangedShare = 0;
      r.meanJump = 0;
      this.keep(frame, at);
      return r;
    }

    const previous = this.previous;
    const changed = this.changed;
    const difference = this.thresholds.difference;
    let count = 0;
    let sumBefore = 0;
    let sumNow = 0;
    for (let i = 0; i < this.pixels; i++) {
      const a = previous[i]!;
      const b = frame[i]!;
      sumBefore += a;
      sumNow += b;
      const d = a > b ? a - b : b - a;
      const hit = d >= difference ? 1 : 0;
      changed[i] = hit;
      count += hit;
    }
    r.frameChangedShare = count / this.pixels;
    r.meanJump = Math.abs(sumNow - sumBefore) / this.pixels;

    if (r.frameChangedShare >= this.scene.maxChangedShare || r.meanJump >= this.scene.maxMeanJump) {
      r.outcome = 'scene-change';
      this.settleUntil = at + this.scene.settleMs;
      this.keep(frame, at);
      return r;
    }
    if (at < this.settleUntil) {
      r.outcome = 'settling';
      this.keep(frame, at);
      return r;
    }

    r.outcome = 'compared';
    const required = 100 - this.thresholds.sensitivity; // percent of the zone's pixels
    for (let z = 0; z < this.masks.length; z++) {
      const mask = this.masks[z]!;
      if (mask.pixels === 0) continue;
      const spans = mask.spans;
      let inZone = 0;
      for (let s = 0; s < spans.length; s += 2) {
        const end = spans[s + 1]!;
        for (let i = spans[s]!; i < end; i++) inZone += changed[i]!;
      }
      r.zoneShares[z] = inZone / mask.pixels;
      // Integer comparison: no rounding at the boundary.
      if (inZone > 0 && inZone * 100 >= required * mask.pixels) {
        r.zoneTriggered[z] = 1;
        r.triggered = true;
      }
    }
    this.keep(frame, at);
    return r;
  }

  private keep(frame: Uint8Array, at: number): void {
    this.previous.set(frame);
    this.previousAt = at;
    this.hasPrevious = true;
  }
}

/** Throws RangeError for thresholds outside difference 1–255, sensitivity 0–100. */
export function checkThresholds(t: DiffThresholds): DiffThresholds {
  if (!Number.isFinite(t.difference) || t.difference < 1 || t.difference > 255) throw new RangeError(`difference ${t.difference} is not 1–255`);
  if (!Number.isFinite(t.sensitivity) || t.sensitivity < 0 || t.sensitivity > 100) throw new RangeError(`sensitivity ${t.sensitivity} is not 0–100`);
  return { difference: t.difference, sensitivity: t.sensitivity };
}
