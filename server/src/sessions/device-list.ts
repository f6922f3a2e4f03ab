import type { SessionInfo } from '@homecam/shared';
import { AppError } from '../errors/app-error.js';
import type { Actor } from '../events/actor.js';
import type { Clock } from '../lib/clock.js';
import type { SessionRepository } from '../repositories/session.repository.js';
import type { UserRecord } from '../repositories/user.repository.js';
import type { AuthService } from '../services/auth.service.js';
import { describeUserAgent } from './user-agent.js';

export interface DeviceListDeps {
  sessions: Pick<SessionRepository, 'listLiveOfUser'>;
  auth: Pick<AuthService, 'endSession' | 'endSessionsOfUser'>;
  clock: Clock;
}

/**
 * Issue 21: a user's signed-in devices (their live sessions) and ending them. Whose list it is and whether the caller
 * may see it is the route's access rule (selfOrAdmin); ending publishes SessionsEnded, which closes the session's
 * sockets and live streams at once and is written to the audit trail.
 */
export class DeviceList {
  constructor(private readonly deps: DeviceListDeps) {}

  async list(owner: UserRecord, currentSessionId: string): Promise<SessionInfo[]> {
    const rows = await this.deps.sessions.listLiveOfUser(owner.id, new Date(this.deps.clock.now()).toISOString());
    return rows.map((row) => ({
      id: row.id,
      ...describeUserAgent(row.userAgent),
      address: row.ip,
      createdAt: row.createdAt,
      lastSeenAt: row.lastSeenAt,
      expiresAt: row.expiresAt,
      current: row.id === currentSessionId,
    }));
  }

  async end(owner: UserRecord, sessionId: string, actor: Actor): Promise<void> {
    const ended = await this.deps.auth.endSession(owner.id, sessionId, { user: owner.username, actor });
    if (!ended) throw new AppError('SESSION_NOT_FOUND', 'no such signed-in device');
  }

  /** Every session of `owner` but the caller's own (for an admin ending another user's: all of them). */
  endOthers(owner: UserRecord, currentSessionId: string, actor: Actor): Promise<number> {
    return this.deps.auth.endSessionsOfUser(owner.id, 'ended', currentSessionId, { user: owner.username, actor });
  }
}
