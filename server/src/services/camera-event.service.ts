import type { Camera, EventSource } from '@homecam/shared';
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

/** Why an event was not passed on; `null` when it is. */
export type EventSkip = 'disabled' | 'privacy' | 'atHome' | null;

/**
 * The one place where camera events are accepted or ignored (unknown camera, disabled, privacy mode, At Home with
 * its exclude list) and published on the bus as MotionStarted / MotionEnded / DoorbellPressed. Triggers, the API
 * and (later) the motion detector all come through here. A motion without a reset ends by itself after the
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
