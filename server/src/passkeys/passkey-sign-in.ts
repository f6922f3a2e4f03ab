import { createHmac, randomBytes } from 'node:crypto';
import type { PasskeyCeremony, PasskeySignInFinish } from '@homecam/shared';
import { AppError } from '../errors/app-error.js';
import type { EventBus } from '../events/event-bus.js';
import type { Clock } from '../lib/clock.js';
import { usernameKey, type UserRecord } from '../repositories/user.repository.js';
import type { AuthService, ClientInfo, LoginResult } from '../services/auth.service.js';
import type { SignInTickets } from '../second-factor/sign-in-tickets.js';
import { takeAssertion } from './assertion.js';
import { WEBAUTHN_TIMEOUT_MS, type Ceremony, type PasskeyCeremonies } from './ceremonies.js';
import type { PasskeyRecord, PasskeyRepository } from './passkey.repository.js';
import type { RelyingParty } from './relying-party.js';
import { webauthn } from './webauthn.js';

export interface PasskeySignInDeps {
  store: PasskeyRepository;
  ceremonies: PasskeyCeremonies;
  tickets: SignInTickets;
  auth: Pick<AuthService, 'checkPasskeySignIn' | 'checkSecondSecret' | 'completeSignIn'>;
  findUser: (id: number) => Promise<UserRecord | undefined>;
  findUserByName: (username: string) => Promise<UserRecord | undefined>;
  bus: EventBus;
  clock: Clock;
}

/** One answer for every refused passkey, whichever check failed. */
const invalid = () => new AppError('PASSKEY_INVALID', 'the passkey was not accepted');

/**
 * Issue 21, signing in with a passkey: alone (discoverable: the passkey names its account; or the username first),
 * which needs user verification (the device's PIN or biometrics) and then no further factor; or as the second step
 * after the password (the ticket), where presence is enough. Every answer is throttled like a password.
 */
export class PasskeySignIn {
  /** Keys the made-up credential ids of names without passkeys, so the answer does not tell which names have some. */
  private readonly decoyKey = randomBytes(32);

  constructor(private readonly deps: PasskeySignInDeps) {}

  async start(username: string | undefined, party: RelyingParty, client: ClientInfo): Promise<PasskeyCeremony> {
    if (username === undefined) return this.ceremony({ kind: 'signIn', userId: null }, [], 'required', party, client);
    const user = await this.deps.findUserByName(username);
    const keys = user ? await this.keysFor(user.id, party) : [];
    // A name without passkeys gets one made-up id, stable per name: it looks like an account with one passkey.
    const allow = keys.length > 0 ? keys : [{ credentialId: this.decoy(username), transports: [] }];
    return this.ceremony({ kind: 'signIn', userId: user?.id ?? 0 }, allow, 'required', party, client);
  }

  /** The second step of a password sign-in: the ticket's account's passkeys. */
  async startSecondStep(ticket: string, party: RelyingParty, client: ClientInfo): Promise<PasskeyCeremony> {
    const pending = this.deps.tickets.find(ticket, client.ip);
    const keys = pending ? await this.keysFor(pending.userId, party) : [];
    if (!pending || keys.length === 0) throw new AppError('SECOND_FACTOR_INVALID', 'the sign-in ticket is unknown or has no passkey');
    return this.ceremony({ kind: 'secondStep', userId: pending.userId, ticket }, keys, 'preferred', party, client);
  }

  /** The authenticator's answer: a session when it is a fresh, valid signature by a passkey the ceremony allows. */
  async finish(body: PasskeySignInFinish, party: RelyingParty, client: ClientInfo): Promise<LoginResult> {
    const ceremony = this.deps.ceremonies.take(body.ceremony, party, client.ip);
    const passkey = await this.deps.store.findByCredentialId(body.credential.id);
    const owner = passkey && (await this.deps.findUser(passkey.userId));
    if (ceremony?.kind === 'secondStep') return this.finishSecondStep(ceremony, passkey, owner, body, client);
    const accepted = await this.deps.auth.checkPasskeySignIn(owner ?? null, client, async () =>
      ceremony?.kind === 'signIn' && passkey !== undefined && owner !== undefined && (await this.take(ceremony, passkey, body, true)),
    );
    if (!accepted || !owner) {
      this.deps.bus.publish('SignInFailed', { user: owner?.username ?? null, address: client.ip, reason: 'passkey' });
      throw invalid();
    }
    return this.deps.auth.completeSignIn(owner, client);
  }

  private async finishSecondStep(
    ceremony: Extract<Ceremony, { kind: 'secondStep' }>,
    passkey: PasskeyRecord | undefined,
    owner: UserRecord | undefined,
    body: PasskeySignInFinish,
    client: ClientInfo,
  ): Promise<LoginResult> {
    const pending = this.deps.tickets.find(ceremony.ticket, client.ip);
    const user = pending && pending.userId === ceremony.userId ? await this.deps.findUser(pending.userId) : undefined;
    if (!user) throw invalid();
    const accepted = await this.deps.auth.checkSecondSecret(user, client, async () =>
      passkey !== undefined && owner?.id === user.id && (await this.take(ceremony, passkey, body, false)),
    );
    if (!accepted) {
      this.deps.tickets.failed(ceremony.ticket);
      this.deps.bus.publish('SignInFailed', { user: user.username, address: client.ip, reason: 'passkey' });
      throw invalid();
    }
    if (!this.deps.tickets.spend(ceremony.ticket)) throw invalid();
    return this.deps.auth.completeSignIn(user, client);
  }

  private take(ceremony: Ceremony, passkey: PasskeyRecord, body: PasskeySignInFinish, requireUserVerification: boolean): Promise<boolean> {
    return takeAssertion(this.deps.store, ceremony, passkey, body.credential, { requireUserVerification, at: new Date(this.deps.clock.now()).toISOString() });
  }

  private async keysFor(userId: number, party: RelyingParty): Promise<Pick<PasskeyRecord, 'credentialId' | 'transports'>[]> {
    return (await this.deps.store.listOfUser(userId)).filter((key) => key.rpId === party.rpId);
  }

  private decoy(username: string): string {
    return createHmac('sha256', this.decoyKey).update(usernameKey(username)).digest('base64url');
  }

  private async ceremony(
    purpose: { kind: 'signIn'; userId: number | null } | { kind: 'secondStep'; userId: number; ticket: string },
    allow: Pick<PasskeyRecord, 'credentialId' | 'transports'>[],
    userVerification: 'required' | 'preferred',
    party: RelyingParty,
    client: ClientInfo,
  ): Promise<PasskeyCeremony> {
    const { generateAuthenticationOptions } = await webauthn();
    const options = await generateAuthenticationOptions({
      rpID: party.rpId,
      allowCredentials: allow.map((key) => ({ id: key.credentialId, transports: key.transports })),
      userVerification,
      timeout: WEBAUTHN_TIMEOUT_MS,
    });
    const ceremony = this.deps.ceremonies.start({ ...purpose, challenge: options.challenge, party, ip: client.ip });
    return { ceremony, options: { ...options } };
  }
}
