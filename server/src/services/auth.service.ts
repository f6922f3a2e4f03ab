import { API_TOKEN_PREFIX } from '@homecam/shared';
import { randomUUID } from 'node:crypto';
import { AppError } from '../errors/app-error.js';
import type { DomainEvents, EventBus } from '../events/event-bus.js';
import type { Clock } from '../lib/clock.js';
import type { SessionRepository } from '../repositories/session.repository.js';
import { usernameKey, type UserRecord, type UserRepository } from '../repositories/user.repository.js';
import type { PasswordHasher } from '../security/password-hasher.js';
import { hashSessionToken, newSessionToken } from '../security/token.js';
import type { AccountPacer, PacedTurn } from './account-pacer.js';
import type { LoginThrottle } from './login-throttle.js';

type SessionEnd = DomainEvents['SessionsEnded'];
export type SessionEndReason = Exclude<SessionEnd['reason'], 'logout' | 'apiTokenRevoked'>;

export { withOwnerPermissions } from './auth-types.js';
export type { ApiTokenAuthenticator, ApiTokenGrant, AuthContext, ClientInfo, EnrolmentCheck, LoginResult, SecondStepChallenge, SecondStepGate } from './auth-types.js';
import type { ApiTokenAuthenticator, AuthContext, ClientInfo, EnrolmentCheck, LoginResult, SecondStepChallenge, SecondStepGate } from './auth-types.js';

/** The one message for every failed sign-in (spec §8), so it never tells which half was wrong. */
export const INVALID_CREDENTIALS_MESSAGE = 'wrong username and/or password';

/** last_seen_at is informational; writing it on every request would turn each read into a write. */
const TOUCH_INTERVAL_MS = 60_000;

export interface AuthServiceDeps {
  users: UserRepository;
  sessions: SessionRepository;
  hasher: PasswordHasher;
  throttle: LoginThrottle;
  /** The account-wide ceiling: checks one at a time at a fixed rate once the free failures are used up. */
  pacer: AccountPacer;
  clock: Clock;
  bus: EventBus;
}

export class AuthService {
  private secondStep: SecondStepGate | null = null;
  private enrolmentDue: EnrolmentCheck = () => Promise.resolve(false);
  private apiTokens: ApiTokenAuthenticator | null = null;

  constructor(private readonly deps: AuthServiceDeps) {}

  /** Installs the second-factor check that runs after a right password (one gate; the second-factor module's). */
  useSecondStep(gate: SecondStepGate, enrolmentDue: EnrolmentCheck): void {
    this.secondStep = gate;
    this.enrolmentDue = enrolmentDue;
  }

  /** Issue 21: installs the API-token check `authenticate` hands tokens with API_TOKEN_PREFIX to. */
  useApiTokens(authenticator: ApiTokenAuthenticator): void {
    this.apiTokens = authenticator;
  }

  /** Whether the policy requires a second factor `user` has not set up (their API tokens are refused then too). */
  secondFactorEnrolmentDue(user: UserRecord): Promise<boolean> {
    return this.enrolmentDue(user);
  }

  /** The sign-in throttle: a wrong API token counts against its address like a wrong password (issue 21). */
  get throttle(): LoginThrottle {
    return this.deps.throttle;
  }

  /**
   * The attempt is counted before the password is hashed (see LoginThrottle.reserve). Locks are per account and
   * address (and per address), so someone guessing from elsewhere cannot lock the owner out; the account as a
   * whole is only slowed: delayed per attempt, and paced (AccountPacer: one check at a time, one a second, once
   * its free failures are used up), and not at all for an address the account already signed in from.
   */
  async login(username: string, password: string, client: ClientInfo): Promise<LoginResult | SecondStepChallenge> {
    const { throttle, users, hasher } = this.deps;
    const name = usernameKey(username);
    const userKey = `user:${name}`;
    const pair = `${name}|${client.ip ?? ''}`;
    const knownGood = client.ip !== null && throttle.isKnownGood(pair);
    const scope = client.ip ? { lock: [`pair:${pair}`, `ip:${client.ip}`], slow: knownGood ? [] : [userKey] } : { lock: [userKey], slow: [] };
    const decision = throttle.reserve(scope);
    if (!decision.allowed) {
      this.deps.bus.publish('SignInFailed', { user: null, address: client.ip, reason: 'throttled' });
      const retryAfterSeconds = Math.ceil(decision.retryAfterMs / 1000);
      throw new AppError('RATE_LIMITED', 'too many failed sign-ins, try again later', { retryAfterSeconds });
    }
    const { attempt } = decision;
    let user: UserRecord | undefined;
    let turn: PacedTurn | undefined;
    let account: string | null;
    try {
      if (attempt.delayMs > 0) await this.deps.clock.sleep(attempt.delayMs);
      if (!knownGood) turn = await this.deps.pacer.take(name, client.ip ?? '');
      user = await users.findByUsername(username);
      account = user?.username ?? null;
      const valid = user ? await hasher.verify(user.passwordHash, password) : await hasher.verifyDummy(password);
      if (!valid) user = undefined;
    } catch (error) {
      turn?.done('aborted');
      attempt.succeeded(); // not the caller's fault (or refused before any check): release without counting a failure
      throw error;
    }
    turn?.done(user ? 'succeeded' : 'failed');
    if (!user) {
      attempt.failed();
      this.deps.bus.publish('SignInFailed', { user: account, address: client.ip, reason: 'credentials' });
      throw new AppError('INVALID_CREDENTIALS', INVALID_CREDENTIALS_MESSAGE);
    }
    attempt.succeeded();
    throttle.reset(userKey);
    throttle.reset(`pair:${pair}`);
    const challenge = this.secondStep ? await this.secondStep(user, client) : null;
    return challenge ?? this.completeSignIn(user, client);
  }

  /**
   * The sign-in is through (password, and the second factor where there is one): the address becomes a known
   * good one for the account (only now, so a password alone never exempts an address from pacing) and the session starts.
   */
  async completeSignIn(user: UserRecord, client: ClientInfo): Promise<LoginResult> {
    if (client.ip) this.deps.throttle.markKnownGood(`${usernameKey(user.username)}|${client.ip}`);
    const session = await this.createSession(user, client);
    this.deps.bus.publish('SignedIn', { user: user.username, address: client.ip });
    return session;
  }

  /**
   * Issue 21: a second secret of an account (a one-time or recovery code, the password confirming a security
   * change) checked under the same throttle and pacing as passwords, in keys of its own that lock per account and
   * per address: a right password never clears them, and whoever holds the password cannot try codes for ever
   * from many addresses (a lock here only keeps out someone who already has the password).
   */
  checkSecondSecret(user: UserRecord, client: ClientInfo, check: () => Promise<boolean>): Promise<boolean> {
    return this.throttledCheck('factor', user, client, check, 'too many wrong codes, try again later');
  }

  /**
   * Issue 21: a sign-in with a passkey alone, throttled like passwords in keys of its own (`passkey:<account>`,
   * `passkey-ip:<address>`). `user` is the account the passkey names, null when it names none (only the address
   * counts then).
   */
  checkPasskeySignIn(user: UserRecord | null, client: ClientInfo, check: () => Promise<boolean>): Promise<boolean> {
    return this.throttledCheck('passkey', user, client, check, 'too many failed sign-ins, try again later');
  }

  private async throttledCheck(kind: string, user: UserRecord | null, client: ClientInfo, check: () => Promise<boolean>, refusal: string): Promise<boolean> {
    const name = user ? usernameKey(user.username) : null;
    const lock = [...(name === null ? [] : [`${kind}:${name}`]), ...(client.ip ? [`${kind}-ip:${client.ip}`] : [])];
    if (lock.length === 0) lock.push(`${kind}:`);
    const decision = this.deps.throttle.reserve({ lock, slow: [] });
    if (!decision.allowed) {
      this.deps.bus.publish('SignInFailed', { user: user?.username ?? null, address: client.ip, reason: 'throttled' });
      throw new AppError('RATE_LIMITED', refusal, { retryAfterSeconds: Math.ceil(decision.retryAfterMs / 1000) });
    }
    const { attempt } = decision;
    let turn: PacedTurn | undefined;
    let valid: boolean;
    try {
      if (attempt.delayMs > 0) await this.deps.clock.sleep(attempt.delayMs);
      if (name !== null) turn = await this.deps.pacer.take(`${kind}:${name}`, client.ip ?? '');
      valid = await check();
    } catch (error) {
      turn?.done('aborted');
      attempt.succeeded();
      throw error;
    }
    turn?.done(valid ? 'succeeded' : 'failed');
    if (valid) attempt.succeeded();
    else attempt.failed();
    return valid;
  }

  /** The account's own password, as a second secret (checkSecondSecret's throttle applies). */
  verifyPassword(user: UserRecord, password: string, client: ClientInfo): Promise<boolean> {
    return this.checkSecondSecret(user, client, () => this.deps.hasher.verify(user.passwordHash, password));
  }

  /** Sign-ins of `username` waiting for the account's next paced check (tests, diagnostics). */
  waitingSignIns(username: string): number {
    return this.deps.pacer.waitingFor(usernameKey(username));
  }

  /** The server is closing: sign-ins still waiting for their turn are answered (429) instead of holding it up. */
  close(): void {
    this.deps.pacer.close();
  }

  /** Starts a session lasting the user's sessionTimer. Returns the token; only its hash is stored. */
  async createSession(user: UserRecord, client: ClientInfo): Promise<LoginResult> {
    const token = newSessionToken();
    const now = this.deps.clock.now();
    const expiresAt = new Date(now + user.sessionTimer * 1000).toISOString();
    const sessionId = randomUUID();
    await this.deps.sessions.insert({
      id: sessionId,
      tokenHash: hashSessionToken(token),
      userId: user.id,
      createdAt: new Date(now).toISOString(),
      expiresAt,
      ip: client.ip,
      userAgent: client.userAgent?.slice(0, 512) ?? null,
    });
    return { token, sessionId, expiresAt, expiresInSeconds: user.sessionTimer, user, secondFactorEnrolmentDue: await this.enrolmentDue(user) };
  }

  /**
   * Resolves a bearer token to its live session (or, issue 21, an API token to its grant), or throws
   * UNAUTHENTICATED / SESSION_EXPIRED. `client`: where the request came from (a wrong API token is throttled per address).
   */
  async authenticate(token: string | undefined, client?: ClientInfo): Promise<AuthContext> {
    if (!token) throw new AppError('UNAUTHENTICATED', 'sign-in required');
    if (this.apiTokens && token.startsWith(API_TOKEN_PREFIX)) return this.apiTokens.authenticate(token, client);
    const session = await this.deps.sessions.findByTokenHash(hashSessionToken(token));
    if (!session || session.revokedAt !== null) throw new AppError('UNAUTHENTICATED', 'sign-in required');
    const now = this.deps.clock.now();
    if (Date.parse(session.expiresAt) <= now) throw new AppError('SESSION_EXPIRED', 'the session has expired');
    const user = await this.deps.users.findById(session.userId);
    if (!user) throw new AppError('UNAUTHENTICATED', 'sign-in required');
    if (now - Date.parse(session.lastSeenAt) > TOUCH_INTERVAL_MS) {
      await this.deps.sessions.touch(session.id, new Date(now).toISOString());
    }
    return { sessionId: session.id, expiresAt: session.expiresAt, user, secondFactorEnrolmentDue: await this.enrolmentDue(user) };
  }

  /** Revokes the token's session if it is live; unknown tokens are ignored (logout always succeeds). */
  async logout(token: string | undefined): Promise<void> {
    if (!token) return;
    const session = await this.deps.sessions.findByTokenHash(hashSessionToken(token));
    if (!session) return;
    const revoked = await this.deps.sessions.revoke(session.id, new Date(this.deps.clock.now()).toISOString());
    if (revoked) this.deps.bus.publish('SessionsEnded', { sessionIds: [session.id], reason: 'logout' });
  }

  /** Ends every live session of a user except `keepSessionId` and tells the sockets; answers how many ended. */
  async endSessionsOfUser(userId: number, reason: SessionEndReason, keepSessionId?: string, by?: SessionEnd['by']): Promise<number> {
    const now = new Date(this.deps.clock.now()).toISOString();
    const ended = await this.deps.sessions.revokeAllOfUser(userId, now, keepSessionId);
    if (reason === 'userDeleted' && this.apiTokens) ended.push(...(await this.apiTokens.credentialIdsOfUser(userId)));
    if (ended.length > 0) this.deps.bus.publish('SessionsEnded', { sessionIds: ended, reason, ...(by && { by }) });
    return ended.length;
  }

  /** Issue 21: ends one live session of `userId` (a signed-in device ended from Settings); false when there is none. */
  async endSession(userId: number, sessionId: string, by: SessionEnd['by']): Promise<boolean> {
    const now = new Date(this.deps.clock.now()).toISOString();
    const ended = await this.deps.sessions.revokeOfUser(userId, sessionId, now);
    if (ended) this.deps.bus.publish('SessionsEnded', { sessionIds: [sessionId], reason: 'ended', by });
    return ended;
  }

  /** Housekeeping at start: sessions that ended a month ago are of no use even for auditing. */
  async purgeOldSessions(): Promise<void> {
    const monthAgo = new Date(this.deps.clock.now() - 30 * 24 * 3600_000).toISOString();
    await this.deps.sessions.purgeEndedBefore(monthAgo);
  }
}
