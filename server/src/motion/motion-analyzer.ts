import type { Clock } from '../lib/clock.js';
import { checkThresholds, FrameDiff, type DiffResult, type SceneChangeOptions } from './frame-diff.js';
import { checkTiming, MotionStateMachine, type MotionPhase, type MotionStateOptions, type MotionTiming, type MotionTransition } from './motion-state.js';
import type { MotionSettings } from './settings.js';
import { rasterizeZones, type FillRule } from './zones.js';

export interface MotionAnalyzerOptions extends MotionStateOptions {
  fillRule?: FillRule;
  scene?: SceneChangeOptions;
}

/**
 * Grey frames in, motion events out: zones → frame diff → state machine, for one camera. Pure apart from the
 * injected clock (frames are stamped with `clock.now()` when they are processed). Settings apply live: new
 * zones are rasterised for the current frame size, thresholds and timing change without losing the baseline
 * or the open event. A new frame size (the camera changed resolution) starts from a fresh baseline.
 */
export class MotionAnalyzer {
  private settings: MotionSettings;
  private diff: FrameDiff | null = null;
  private readonly state: MotionStateMachine;
  private scene: SceneChangeOptions;

  constructor(
    settings: MotionSettings,
    private readonly clock: Clock,
    onTransition: (transition: MotionTransition) => void,
    private readonly options: MotionAnalyzerOptions = {},
  ) {
    this.settings = settings;
    this.scene = { ...options.scene };
    this.state = new MotionStateMachine(timingOf(settings), clock, onTransition, options);
  }

  get phase(): MotionPhase {
    return this.state.phase;
  }

  /** Frame size the zones are rasterised for, once a frame was seen. */
  get frameSize(): { width: number; height: number } | null {
    return this.diff ? { width: this.diff.width, height: this.diff.height } : null;
  }

  /** The changed-pixel map of the last compared frame (frame-diff.ts), null before the first frame. */
  get changedMap(): Uint8Array | null {
    return this.diff?.changedMap ?? null;
  }

  /** Applies new zones, thresholds and timing to the running analysis. Throws RangeError on invalid values. */
  update(settings: MotionSettings): void {
    const thresholds = checkThresholds({ difference: settings.difference, sensitivity: settings.sensitivity });
    checkTiming(timingOf(settings)); // everything is validated before anything changes
    if (this.diff) {
      this.diff.setThresholds(thresholds);
      this.diff.setMasks(rasterizeZones(settings.zones, this.diff.width, this.diff.height, this.options.fillRule));
    }
    this.state.update(timingOf(settings));
    this.settings = settings;
  }

  /** Judges one frame; may emit `started` (synchronously). The result is reused by the next call. */
  process(frame: Uint8Array, width: number, height: number): DiffResult {
    if (!this.diff || this.diff.width !== width || this.diff.height !== height) {
      const s = this.settings;
      this.diff = new FrameDiff(
        width, height, rasterizeZones(s.zones, width, height, this.options.fillRule),
        { difference: s.difference, sensitivity: s.sensitivity }, this.scene,
      );
    }
    const result = this.diff.process(frame, this.clock.now());
    if (result.triggered) this.state.trigger();
    return result;
  }

  /**
   * Scene-change options, e.g. a longer `maxGapMs` when only keyframes are decoded (one frame per GOP, which
   * can be several seconds).
   */
  setSceneOptions(scene: SceneChangeOptions): void {
    this.scene = { ...this.scene, ...scene };
    this.diff?.setSceneChange(this.scene);
  }

  /** The next frame becomes the baseline (after a decoder restart or a stream change). */
  rebaseline(): void {
    this.diff?.reset();
  }

  /** Ends an open event with reason 'reset'. */
  reset(): void {
    this.state.reset();
  }

  /** Stops the timers; emits nothing. */
  dispose(): void {
    this.state.dispose();
  }
}

function timingOf(s: MotionSettings): MotionTiming {
  return { dwellSeconds: s.dwellSeconds, motionTimeoutSeconds: s.motionTimeoutSeconds, forceCloseMinutes: s.forceCloseMinutes };
}
