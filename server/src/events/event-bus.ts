import type { CameraStatus } from '@homecam/shared';
import { EventEmitter } from 'node:events';

/**
 * In-process domain events. Services publish here instead of importing socket.io, so the realtime gateway
 * (and later the cameras and notifiers) can react without the services knowing about them.
 */
export interface DomainEvents {
  /**
   * These sessions ended (logout, user deleted, password changed elsewhere); their sockets must go.
   * Expiry needs no event: each socket carries its own timer.
   */
  SessionsEnded: { sessionIds: string[]; reason: 'logout' | 'userDeleted' | 'passwordChanged' };
  /** A camera's (main stream's) state changed; the reason holds no credentials. */
  CameraStateChanged: { status: CameraStatus };
}

type Listener<K extends keyof DomainEvents> = (payload: DomainEvents[K]) => void;

export class EventBus {
  private readonly emitter = new EventEmitter();

  publish<K extends keyof DomainEvents>(event: K, payload: DomainEvents[K]): void {
    this.emitter.emit(event, payload);
  }

  /** Returns the unsubscribe function. */
  subscribe<K extends keyof DomainEvents>(event: K, listener: Listener<K>): () => void {
    this.emitter.on(event, listener);
    return () => this.emitter.off(event, listener);
  }
}
