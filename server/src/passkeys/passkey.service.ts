import { randomBytes } from 'node:crypto';
import { PASSKEY_LIMIT, type Passkey, type PasskeyCeremony, type PasskeyRegistrationFinish } from '@homecam/shared';
import { AppError } from '../errors/app-error.js';
import type { EventBus } from '../events/event-bus.js';
import type { Clock } from '../lib/clock.js';
import type { UserRecord } from '../repositories/user.repository.js';
import type { AuthService, ClientInfo } from '../services/auth.service.js';
import type { ExtraFactor } from '../second-factor/second-factor.service.js';
import { WEBAUTHN_TIMEOUT_MS, type PasskeyCeremonies } from './ceremonies.js';
import type { PasskeyRecord, PasskeyRepository } from './passkey.repository.js';
import type { RelyingParty } from './relying-party.js';
import { webauthn } from './webauthn.js';

export interface PasskeyServiceDeps {
  store: PasskeyRepository;
  ceremonies: PasskeyCeremonies;
  auth: Pick<AuthService, 'verifyPassword' | 'endSessionsOfUser'>;
  bus: EventBus;
  clock: Clock;
}

/** The owner's session and address, which a registration is bound to. */
export interface Caller {
  user: UserRecord;
  sessionId: string;
  client: ClientInfo;
}

/** ES256 (every platform authenticator), EdDSA, RS256 (Windows Hello): what node:crypto verifies. */
const ALGORITHMS = [-7, -8, -257];

const registrationFailed = () => new AppError('PASSKEY_REGISTRATION_FAILED', 'the passkey could not be verified; try again');

export function toPasskey(record: PasskeyRecord): Passkey {
  return { id: record.id, name: record.name, createdAt: record.createdAt, lastUsedAt: record.lastUsedAt, transports: record.transports };
}

/**
 * Issue 21, the owner's passkeys: adding one (a ceremony bound to the caller's session, after the password),
 * listing, renaming, removing (with the password, as turning the app off); each change but listing is audited. A passkey is a second factor for the
 * policy and the sign-in's second step (ExtraFactor), and an admin's reset removes them all.
 */
export class PasskeyService implements ExtraFactor {
  readonly method = 'passkey' as const;

  constructor(private readonly deps: PasskeyServiceDeps) {}

  async has(userId: number): Promise<boolean> {
    return (await this.deps.store.countOfUser(userId)) > 0;
  }

  removeAll(userId: number): Promise<void> {
    return this.deps.store.removeAllOfUser(userId);
  }

  async list(user: UserRecord): Promise<Passkey[]> {
    return (await this.deps.store.listOfUser(user.id)).map(toPasskey);
  }

  /** Options for navigator.credentials.create(), after the password; the account's other passkeys are excluded. */
  async startRegistration(caller: Caller, password: string, party: RelyingParty): Promise<PasskeyCeremony> {
    const { user, client } = caller;
    if (!(await this.deps.auth.verifyPassword(user, password, client))) throw new AppError('WRONG_CURRENT_PASSWORD', 'the password is wrong');
    const existing = await this.deps.store.listOfUser(user.id);
    if (existing.length >= PASSKEY_LIMIT) throw new AppError('PASSKEY_LIMIT_REACHED', `an account holds ${PASSKEY_LIMIT} passkeys at most`);
    // One user handle per account while it has passkeys, so an authenticator replaces rather than piles up its entry.
    const userHandle = existing[0]?.userHandle ?? randomBytes(32).toString('base64url');
    const { generateRegistrationOptions } = await webauthn();
    const options = await generateRegistrationOptions({
      rpName: 'HomeCam',
      rpID: party.rpId,
      userName: user.username,
      userDisplayName: user.username,
      userID: Buffer.from(userHandle, 'base64url'),
      timeout: WEBAUTHN_TIMEOUT_MS,
      attestationType: 'none',
      excludeCredentials: existing.filter((key) => key.rpId === party.rpId).map((key) => ({ id: key.credentialId, transports: key.transports })),
      authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
      supportedAlgorithmIDs: ALGORITHMS,
    });
    const ceremony = this.deps.ceremonies.start({
      kind: 'register',
      userId: user.id,
      sessionId: caller.sessionId,
      userHandle,
      challenge: options.challenge,
      party,
      ip: client.ip,
    });
    return { ceremony, options: { ...options } };
  }

  /** Verifies the authenticator's answer to the caller's own ceremony and stores the passkey under its name. */
  async finishRegistration(caller: Caller, body: PasskeyRegistrationFinish, party: RelyingParty): Promise<Passkey> {
    const { user, client } = caller;
    const ceremony = this.deps.ceremonies.take(body.ceremony, party, client.ip);
    if (ceremony?.kind !== 'register' || ceremony.userId !== user.id || ceremony.sessionId !== caller.sessionId) throw registrationFailed();
    let verified;
    try {
      const { verifyRegistrationResponse } = await webauthn();
      verified = await verifyRegistrationResponse({
        response: body.credential,
        expectedChallenge: ceremony.challenge,
        expectedOrigin: party.origin,
        expectedRPID: party.rpId,
        requireUserVerification: false,
        supportedAlgorithmIDs: ALGORITHMS,
      });
    } catch {
      throw registrationFailed();
    }
    if (!verified.verified) throw registrationFailed();
    const { credential } = verified.registrationInfo;
    if ((await this.deps.store.countOfUser(user.id)) >= PASSKEY_LIMIT) throw new AppError('PASSKEY_LIMIT_REACHED', `an account holds ${PASSKEY_LIMIT} passkeys at most`);
    const record = {
      userId: user.id,
      credentialId: credential.id,
      publicKey: credential.publicKey,
      counter: credential.counter,
      transports: body.credential.response.transports ?? [],
      userHandle: ceremony.userHandle,
      rpId: party.rpId,
      name: body.name,
      createdAt: new Date(this.deps.clock.now()).toISOString(),
    };
    const id = await this.deps.store.insert(record);
    if (id === null) throw new AppError('PASSKEY_ALREADY_REGISTERED', 'this passkey is registered already');
    this.deps.bus.publish('SecondFactorChanged', { user: user.username, change: 'passkeyAdded', passkey: body.name, by: { user: user.username, address: client.ip } });
    // As for the authenticator app: a changed way in ends the account's other sessions (one may be an intruder's).
    await this.deps.auth.endSessionsOfUser(user.id, 'secondFactorChanged', caller.sessionId);
    return toPasskey({ ...record, id, lastUsedAt: null });
  }

  /** Renames one of the caller's passkeys; the audit trail names it before and after (as adding and removing name it). */
  async rename(caller: Pick<Caller, 'user' | 'client'>, id: number, name: string): Promise<Passkey> {
    const { user, client } = caller;
    const before = (await this.deps.store.listOfUser(user.id)).find((key) => key.id === id);
    if (!before || !(await this.deps.store.rename(user.id, id, name))) throw notFound();
    if (before.name !== name) {
      this.deps.bus.publish('SecondFactorChanged', {
        user: user.username,
        change: 'passkeyRenamed',
        passkey: name,
        previousPasskey: before.name,
        by: { user: user.username, address: client.ip },
      });
    }
    return toPasskey({ ...before, name });
  }

  async remove(caller: Caller, id: number, password: string): Promise<void> {
    const { user, client } = caller;
    if (!(await this.deps.auth.verifyPassword(user, password, client))) throw new AppError('WRONG_CURRENT_PASSWORD', 'the password is wrong');
    const name = await this.deps.store.remove(user.id, id);
    if (name === null) throw notFound();
    this.deps.bus.publish('SecondFactorChanged', { user: user.username, change: 'passkeyRemoved', passkey: name, by: { user: user.username, address: client.ip } });
    await this.deps.auth.endSessionsOfUser(user.id, 'secondFactorChanged', caller.sessionId);
  }
}

const notFound = () => new AppError('PASSKEY_NOT_FOUND', 'no such passkey');
