import type { Camera, ConfigFile, RecordingType } from '@homecam/shared';

/**
 * When a clip ends: pure decisions over times in ms, so the rules are unit-tested on a fake clock without a
 * camera or a file. A clip lasts the recording time after the last trigger, is extended while motion goes on,
 * and never runs past its cap (the longest clip, counted from its start).
 */
export interface ClipWindow {
  /** When the clip ends unless something extends it. */
  endAt: number;
  /** The latest it may end, however long motion goes on. */
  capAt: number;
  /** The recording time: how far one trigger (or a timer while motion goes on) pushes the end. */
  timerMs: number;
  /** Motion is still going on (a doorbell press is not motion; MotionEnded clears it). */
  motion: boolean;
}

export const DEFAULT_MAX_CLIP_MS = 5 * 60_000;

/** What config.json says for this camera's recordings (per-camera values beat the global ones); null: off. */
export function clipSettings(recordings: Pick<ConfigFile['recordings'], 'active' | 'type' | 'timer'>, camera: Camera): { type: RecordingType; timerMs: number } | null {
  if (!recordings.active) return null;
  return { type: camera.recordingType ?? recordings.type, timerMs: (camera.recordingTimer ?? recordings.timer) * 1000 };
}

/** The window of a clip a trigger starts now. */
export function openClip(now: number, timerMs: number, maxClipMs: number, motion: boolean): ClipWindow {
  return { endAt: now + timerMs, capAt: now + maxClipMs, timerMs, motion };
}

/** A further trigger during a clip: nothing is dropped, the clip runs at least a recording time from now, up to the cap. */
export function extendClip(clip: ClipWindow, now: number, motion: boolean): ClipWindow {
  return { ...clip, endAt: Math.min(clip.capAt, Math.max(clip.endAt, now + clip.timerMs)), motion: clip.motion || motion };
}

/** How long the end timer waits from now. */
export function delayToEnd(clip: ClipWindow, now: number): number {
  return Math.max(0, clip.endAt - now);
}

/**
 * The end timer fired: with motion still going on and the cap not reached, the clip goes on for another
 * recording time (up to the cap) and the timer is armed again; otherwise the clip ends.
 */
export function onEndTimer(clip: ClipWindow, now: number): { finish: true } | { finish: false; endAt: number } {
  if (clip.motion && now < clip.capAt) return { finish: false, endAt: Math.min(clip.capAt, now + clip.timerMs) };
  return { finish: true };
}

/** `YYYY-MM-DD` (UTC) of a time: the clip's folder under its camera's. */
export function dateFolder(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}
