import {
  API_TOKEN_MAX_PER_USER,
  API_TOKEN_PREFIX,
  hasAnyPermission,
  type AdminApiTokenList,
  type AdminApiTokenListQuery,
  type ApiTokenInfo,
  type CreateApiTokenRequest,
  type CreatedApiToken,
} from '@homecam/shared';
import { randomUUID } from 'node:crypto';
import { AppError } from '../errors/app-error.js';
import type { Actor } from '../events/actor.js';
import type { EventBus } from '../events/event-bus.js';
import type { Clock } from '../lib/clock.js';
import type { UserRecord } from '../repositories/user.repository.js';
import { hashSessionToken, newSessionToken } from '../security/token.js';
import type { ApiTokenRecord, ApiTokenRepository } from './api-token.repository.js';

export interface ApiTokenServiceDeps {
  store: ApiTokenRepository;
  bus: EventBus;
  clock: Clock;
}

const DAY_MS = 24 * 3600_000;

/** `apiToken:<id>`: the token's place in SessionsEnded and in the AuthContext's sessionId. */
export const tokenCredentialId = (id: string): string => `apiToken:${id}`;

/**
 * A session token's 256 random bits after the prefix, stored as SHA-256 only, as sessions are: a token is not a
 * password a person chose, so a slow hash would protect nothing, and a fast one keeps the lookup one index probe.
 */
export function newApiToken(): { token: string; hash: string } {
  const token = `${API_TOKEN_PREFIX}${newSessionToken()}`;
  return { token, hash: hashApiToken(token) };
}

export const hashApiToken = hashSessionToken;

/**
 * Issue 21: API tokens for integrations: made by their owner with scopes the owner holds and a chosen life, listed
 * without the token (an admin also sees every user's at once), revoked by the owner or an admin. Revoking publishes SessionsEnded for `apiToken:<id>`, so a
 * live stream or socket opened with it closes at once; the audit trail gets ApiTokenChanged.
 */
export class ApiTokenService {
  constructor(private readonly deps: ApiTokenServiceDeps) {}

  async create(owner: UserRecord, input: CreateApiTokenRequest, by: Actor): Promise<CreatedApiToken> {
    const missing = input.scopes.filter((scope) => !hasAnyPermission(owner.permissions, [scope]));
    if (missing.length > 0) throw new AppError('API_TOKEN_SCOPE_NOT_HELD', 'a token cannot have a permission its owner does not have', { scopes: missing });
    const now = this.deps.clock.now();
    if ((await this.deps.store.countLiveOfUser(owner.id, new Date(now).toISOString())) >= API_TOKEN_MAX_PER_USER) {
      throw new AppError('API_TOKEN_LIMIT', `at most ${API_TOKEN_MAX_PER_USER} API tokens per user: revoke one first`);
    }
    const { token, hash } = newApiToken();
    const record: ApiTokenRecord = {
      id: randomUUID(),
      userId: owner.id,
      name: input.name,
      scopes: [...new Set(input.scopes)],
      createdAt: new Date(now).toISOString(),
      expiresAt: input.expiresInDays === null ? null : new Date(now + input.expiresInDays * DAY_MS).toISOString(),
      lastUsedAt: null,
    };
    await this.deps.store.insert({ ...record, tokenHash: hash });
    this.deps.bus.publish('ApiTokenChanged', { user: owner.username, action: 'created', name: record.name, scopes: record.scopes, expiresAt: record.expiresAt, by });
    return { token, info: this.toInfo(record) };
  }

  async list(owner: UserRecord): Promise<ApiTokenInfo[]> {
    return (await this.deps.store.listOfUser(owner.id)).map((record) => this.toInfo(record));
  }

  /** Every user's tokens with their owner's name, a page at a time (an admin's review; never a token or its hash). */
  async listAll(query: AdminApiTokenListQuery): Promise<AdminApiTokenList> {
    const { rows, nextCursor } = await this.deps.store.listAll({ cursor: query.cursor, limit: query.limit });
    return { result: rows.map(({ username, ...record }) => ({ ...this.toInfo(record), username })), nextCursor };
  }

  async revoke(owner: UserRecord, id: string, by: Actor): Promise<void> {
    const removed = await this.deps.store.delete(owner.id, id);
    if (!removed) throw new AppError('API_TOKEN_NOT_FOUND', 'no such API token');
    this.deps.bus.publish('SessionsEnded', { sessionIds: [tokenCredentialId(id)], reason: 'apiTokenRevoked', by: { user: owner.username, actor: by } });
    this.deps.bus.publish('ApiTokenChanged', { user: owner.username, action: 'revoked', name: removed.name, scopes: removed.scopes, expiresAt: removed.expiresAt, by });
  }

  async credentialIdsOfUser(userId: number): Promise<string[]> {
    return (await this.deps.store.listOfUser(userId)).map((record) => tokenCredentialId(record.id));
  }

  /** At start: tokens expired a month ago go (the list shows recently expired ones, marked). */
  async purgeExpired(): Promise<void> {
    await this.deps.store.purgeExpiredBefore(new Date(this.deps.clock.now() - 30 * DAY_MS).toISOString());
  }

  private toInfo(record: ApiTokenRecord): ApiTokenInfo {
    const expired = record.expiresAt !== null && Date.parse(record.expiresAt) <= this.deps.clock.now();
    return { ...record, expired };
  }
}
