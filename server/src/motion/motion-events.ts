import type { ColorFrame } from './color-frame.js';
import type { DiffOutcome } from './frame-diff.js';
import type { MotionEndReason, MotionPhase } from './motion-state.js';

/** What a motion detector (and the MotionManager, which re-emits them) tells its listeners. */

export interface MotionStartedEvent {
  camera: string;
  /** ms since epoch */
  at: number;
}

export interface MotionEndedEvent {
  camera: string;
  /** ms since epoch */
  at: number;
  startedAt: number;
  /** dwell: quiet for the dwell time · timeout: held open by the motion timeout · forceClose · reset: reset() or stop() */
  reason: MotionEndReason;
}

/** Per analysed frame, only emitted while someone listens (diagnostics, a live zone preview, object detection). */
export interface MotionAnalysisEvent {
  camera: string;
  at: number;
  outcome: DiffOutcome;
  triggered: boolean;
  /** Changed share of the whole frame, 0–1. */
  frameChangedShare: number;
  /** Changed share per zone (regions order; one entry for the whole frame when there are no regions), 0–1. */
  zoneShares: number[];
  /** The event phase after this frame; while 'motion', object detection looks at what changed. */
  phase: MotionPhase;
  /** 1 byte a pixel, 1 = changed (for 'compared'); `width`×`height`; reused: read it in the listener. */
  changed: { data: Uint8Array; width: number; height: number } | null;
  /** The frame in colour when the decoder was asked for it (frames.color); reused like `changed`. */
  color?: ColorFrame | undefined;
}

export interface MotionEvents {
  motionStarted: [MotionStartedEvent];
  motionEnded: [MotionEndedEvent];
}

export interface MotionDetectorEvents extends MotionEvents {
  analysis: [MotionAnalysisEvent];
}
