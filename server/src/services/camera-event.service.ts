import type { Camera, EventSource, ObjectBox } from '@homecam/shared';
import { randomUUID } from 'node:crypto';
import type { EventBus } from '../events/event-bus.js';
import type { Clock } from '../lib/clock.js';
import type { TriggerExtra, TriggerName, TriggerResult, TriggerSink } from '../triggers/trigger.js';
import type { CameraService } from './camera.service.js';
import type { ConfigService } from './config.service.js';

export interface CameraEventServiceDeps {
  cameras: CameraService;
  config: ConfigService;
  bus: EventBus;
  clock: Clock;
}

interface MotionState {
  since: number;
  cancelTimeout: () => void;
}

/** What the local object detector found (server/src/detection's ObjectDetected, without the camera). */
export interface ObjectSighting {
  label: string;
  /** 0–100 */
  score: number;
  box: ObjectBox;
  frame: { width: number; height: number };
  reason: 'new' | 'moved';
  /** ms since epoch of the frame it was seen in. */
  at: number;
  /** The frame as a JPEG with the boxes drawn. */
  image: Buffer;
}

/** Why an event was not passed on; `null` when it is. */
export type EventSkip = 'disabled' | 'privacy' | 'atHome' | null;

/**
 * The one place where camera events are accepted or ignored (unknown camera, disabled, privacy mode, At Home with
 * its exclude list) and published on the bus as MotionStarted / MotionEnded / DoorbellPressed / ObjectDetected.
 * Triggers, the API, the motion detector and the object detector all come through here. A motion without a reset ends by itself after the
 * camera's `motionTimeout` seconds (0: only a reset ends it).
 */
export class CameraEventService {
  private readonly motion = new Map<string, MotionState>();

  constructor(private readonly deps: CameraEventServiceDeps) {}

  /** The sink the TriggerManager delivers to. */
  sink(): TriggerSink {
    return {
      motion: (camera: string, source: TriggerName, extra?: TriggerExtra) => this.motionStart(camera, source, extra?.image),
      motionReset: (camera: string, source: TriggerName) => this.motionReset(camera, source),
      doorbell: (camera: string, source: TriggerName) => this.doorbell(camera, source),
    };
  }

  inMotion(camera: string): boolean {
    return this.motion.has(camera);
  }

  motionStart(name: string, source: EventSource, image?: Buffer): TriggerResult {
    const camera = this.deps.cameras.find(name);
    if (!camera) return unknown(name);
    const skip = this.skipReason(camera, 'motion');
    if (skip) return skipped(camera.name, skip);
    const at = this.deps.clock.now();
    const previous = this.motion.get(camera.name);
    previous?.cancelTimeout();
    this.motion.set(camera.name, { since: previous?.since ?? at, cancelTimeout: this.armTimeout(camera, source) });
    this.deps.bus.publish('MotionStarted', { camera: camera.name, source, at, image, continued: !!previous, eventId: randomUUID() });
    return { accepted: true, message: previous ? `Motion continues on ${camera.name}` : `Motion started on ${camera.name}` };
  }

  motionReset(name: string, source: EventSource): TriggerResult {
    const camera = this.deps.cameras.find(name);
    if (!camera) return unknown(name);
    if (!this.end(camera.name, source, 'reset')) return { accepted: true, message: `No motion in progress on ${camera.name}` };
    return { accepted: true, message: `Motion ended on ${camera.name}` };
  }

  doorbell(name: string, source: EventSource): TriggerResult {
    const camera = this.deps.cameras.find(name);
    if (!camera) return unknown(name);
    const skip = this.skipReason(camera, 'doorbell');
    if (skip) return skipped(camera.name, skip);
    this.deps.bus.publish('DoorbellPressed', { camera: camera.name, source, at: this.deps.clock.now(), eventId: randomUUID() });
    return { accepted: true, message: `Doorbell pressed on ${camera.name}` };
  }

  /**
   * An object the local detector found. Ruled like motion (it is found in motion): nothing while the camera is
   * disabled, private or At Home ignores it, nor once its motion has ended. The motion state is not touched: the
   * motion detector owns it.
   */
  objectDetected(name: string, object: ObjectSighting): TriggerResult {
    const camera = this.deps.cameras.find(name);
    if (!camera) return unknown(name);
    const skip = this.skipReason(camera, 'motion');
    if (skip) return skipped(camera.name, skip);
    // Seen in a frame of a motion event that has ended since (the detector answered late): the states it would set
    // (HomeKit, MQTT) would have nothing left to end them.
    if (!this.motion.has(camera.name)) return { accepted: false, reason: 'skipped', message: `${camera.name}: the motion ended before the detector answered` };
    const { at, ...seen } = object;
    this.deps.bus.publish('ObjectDetected', { camera: camera.name, source: 'motion', at, eventId: randomUUID(), ...seen });
    return { accepted: true, message: `${object.label} seen on ${camera.name}` };
  }

  /** Doorbells ignore At Home; disabled cameras and privacy mode stop everything. */
  skipReason(camera: Camera, kind: 'motion' | 'doorbell'): EventSkip {
    if (camera.disable) return 'disabled';
    if (camera.privacyMode) return 'privacy';
    if (kind === 'motion') {
      const config = this.deps.config.get();
      if (config.atHome && !config.exclude.some((name) => name.trim().toLowerCase() === camera.name.trim().toLowerCase())) return 'atHome';
    }
    return null;
  }

  /** Ends every motion in progress without events (shutdown). */
  close(): void {
    for (const state of this.motion.values()) state.cancelTimeout();
    this.motion.clear();
  }

  private armTimeout(camera: Camera, source: EventSource): () => void {
    // The motion detector ends its own events (dwell, motion timeout, force close); the timer is for triggers
    // that never send a reset.
    if (!camera.motionTimeout || source === 'motion') return () => undefined;
    return this.deps.clock.setTimer(camera.motionTimeout * 1000, () => this.end(camera.name, source, 'timeout'));
  }

  private end(camera: string, source: EventSource, reason: 'reset' | 'timeout'): boolean {
    const state = this.motion.get(camera);
    if (!state) return false;
    state.cancelTimeout();
    this.motion.delete(camera);
    this.deps.bus.publish('MotionEnded', { camera, source, at: this.deps.clock.now(), reason, startedAt: state.since });
    return true;
  }
}

function unknown(name: string): TriggerResult {
  return { accepted: false, reason: 'unknownCamera', message: `Camera '${name}' not found` };
}

const SKIP_MESSAGES: Record<Exclude<EventSkip, null>, string> = {
  disabled: 'the camera is disabled',
  privacy: 'the camera is in privacy mode',
  atHome: 'At Home: motion of this camera is ignored',
};

function skipped(camera: string, reason: Exclude<EventSkip, null>): TriggerResult {
  return { accepted: false, reason: 'skipped', message: `${camera}: ${SKIP_MESSAGES[reason]}` };
}
