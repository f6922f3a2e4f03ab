import { grantedScopes } from '@homecam/shared';
import { AppError } from '../errors/app-error.js';
import type { Clock } from '../lib/clock.js';
import type { UserRecord } from '../repositories/user.repository.js';
import type { AuthContext, AuthService, ClientInfo } from '../services/auth.service.js';
import type { ApiTokenRecord, ApiTokenRepository } from './api-token.repository.js';
import { hashApiToken, tokenCredentialId } from './api-token.service.js';

export interface TokenAuthenticatorDeps {
  store: Pick<ApiTokenRepository, 'findByHash' | 'touch'>;
  auth: Pick<AuthService, 'throttle' | 'secondFactorEnrolmentDue'>;
  findUser: (id: number) => Promise<UserRecord | undefined>;
  clock: Clock;
}

/** last_used_at is informational (as a session's last_seen_at): written at most once a minute per token. */
const TOUCH_INTERVAL_MS = 60_000;
/** What a token that never expires says as its AuthContext's end (timers re-arm past setTimeout's limit). */
const NEVER = '9999-12-31T23:59:59.999Z';

const refused = () => new AppError('UNAUTHENTICATED', 'sign-in required');

/**
 * Issue 21: an `Authorization: Bearer hct_…` (or a live stream's / socket's token) to its caller. A wrong token
 * counts against the client's address under the sign-in throttle (RATE_LIMITED after as many as a wrong password);
 * the caller's permissions are the token's scopes ∩ the owner's permissions read now, so a permission taken from
 * the owner, or the owner deleted, reaches the token at its next request.
 */
export class TokenAuthenticator {
  constructor(private readonly deps: TokenAuthenticatorDeps) {}

  async authenticate(token: string, client: ClientInfo | undefined): Promise<AuthContext> {
    const record = await this.findThrottled(token, client);
    const now = this.deps.clock.now();
    if (record.expiresAt !== null && Date.parse(record.expiresAt) <= now) throw new AppError('SESSION_EXPIRED', 'the API token has expired');
    const owner = await this.deps.findUser(record.userId);
    if (!owner) throw refused();
    if (record.lastUsedAt === null || now - Date.parse(record.lastUsedAt) > TOUCH_INTERVAL_MS) {
      await this.deps.store.touch(record.id, new Date(now).toISOString());
    }
    return {
      sessionId: tokenCredentialId(record.id),
      expiresAt: record.expiresAt ?? NEVER,
      user: { ...owner, permissions: grantedScopes(record.scopes, owner.permissions) },
      secondFactorEnrolmentDue: await this.deps.auth.secondFactorEnrolmentDue(owner),
      apiToken: { id: record.id, scopes: record.scopes },
    };
  }

  /** The lookup under the throttle: an unknown token is a failure of the address, a known one settles it. */
  private async findThrottled(token: string, client: ClientInfo | undefined): Promise<ApiTokenRecord> {
    const decision = this.deps.auth.throttle.reserve({ lock: [`api-token-ip:${client?.ip ?? ''}`], slow: [] });
    if (!decision.allowed) {
      throw new AppError('RATE_LIMITED', 'too many wrong API tokens, try again later', { retryAfterSeconds: Math.ceil(decision.retryAfterMs / 1000) });
    }
    const { attempt } = decision;
    let record: ApiTokenRecord | undefined;
    try {
      if (attempt.delayMs > 0) await this.deps.clock.sleep(attempt.delayMs);
      // Bounded before hashing: a token is prefix + 43 characters; anything much longer is not one.
      record = token.length <= 128 ? await this.deps.store.findByHash(hashApiToken(token)) : undefined;
    } catch (error) {
      attempt.succeeded();
      throw error;
    }
    if (!record) {
      attempt.failed();
      throw refused();
    }
    attempt.succeeded();
    return record;
  }
}
