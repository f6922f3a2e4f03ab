import { isAdmin, TOTP_CODE_PATTERN, type SecondFactorMethod, type SecondFactorPolicy, type SecondFactorStatus, type TotpEnrolment } from '@homecam/shared';
import QRCode from 'qrcode';
import { AppError } from '../errors/app-error.js';
import type { Actor } from '../events/actor.js';
import type { EventBus } from '../events/event-bus.js';
import type { Clock } from '../lib/clock.js';
import type { UserRecord } from '../repositories/user.repository.js';
import type { AuthService, ClientInfo, LoginResult, SecondStepChallenge } from '../services/auth.service.js';
import { hashRecoveryCode, looksLikeRecoveryCode, newRecoveryCodes } from './recovery-codes.js';
import type { SecondFactorRepository } from './second-factor.repository.js';
import type { SignInTickets } from './sign-in-tickets.js';
import { matchTotpStep, newTotpSecret, totpUri } from './totp.js';

export interface SecondFactorServiceDeps {
  store: SecondFactorRepository;
  tickets: SignInTickets;
  auth: Pick<AuthService, 'checkSecondSecret' | 'verifyPassword' | 'completeSignIn' | 'endSessionsOfUser'>;
  findUser: (id: number) => Promise<UserRecord | undefined>;
  bus: EventBus;
  clock: Clock;
  /** config.json's secondFactorPolicy, read at each check (a change applies at the next request). */
  policy: () => SecondFactorPolicy;
}

/**
 * Another kind of second factor (issue 21: passkeys) that counts for the policy, is offered at the sign-in's second
 * step, and goes with an admin's reset. Its own module registers it (SecondFactorService.addFactor).
 */
export interface ExtraFactor {
  method: SecondFactorMethod;
  has(userId: number): Promise<boolean>;
  removeAll(userId: number): Promise<void>;
}

/** The same answer for every refused code: never which part (ticket, code, reuse) was wrong. */
const invalid = () => new AppError('SECOND_FACTOR_INVALID', 'the code is wrong or was used already');

/**
 * Issue 21, one-time codes: enrolment (secret, otpauth URI, QR code drawn here), confirmation with a first code
 * (which hands out ten recovery codes, once), the second step of a sign-in, turning it off, and an admin's reset.
 * Every code check runs under AuthService.checkSecondSecret (the password throttle's lock and pacing).
 */
export class SecondFactorService {
  private readonly extras: ExtraFactor[] = [];

  constructor(private readonly deps: SecondFactorServiceDeps) {}

  addFactor(factor: ExtraFactor): void {
    this.extras.push(factor);
  }

  /** The extra factors (passkeys) the user has. */
  private async extraMethods(userId: number): Promise<SecondFactorMethod[]> {
    const held = await Promise.all(this.extras.map(async (factor) => ((await factor.has(userId)) ? [factor.method] : [])));
    return held.flat();
  }

  async status(user: UserRecord): Promise<SecondFactorStatus> {
    const totp = await this.deps.store.findTotp(user.id);
    const confirmed = totp?.confirmed === true;
    return { totp: confirmed, recoveryCodesLeft: confirmed ? await this.deps.store.countUnusedRecoveryCodes(user.id) : 0 };
  }

  /** Whether the policy requires a second factor of `user` that they have not set up (AuthService asks per request). */
  async enrolmentDue(user: UserRecord): Promise<boolean> {
    const policy = this.deps.policy();
    if (policy === 'off' || (policy === 'admins' && !isAdmin(user.permissions))) return false;
    if ((await this.deps.store.findTotp(user.id))?.confirmed === true) return false;
    return (await this.extraMethods(user.id)).length === 0;
  }

  /**
   * The sign-in gate: a ticket when the account has a second factor (a confirmed authenticator app, a passkey), else
   * null (no second step). `methods` lists what the account can answer with.
   */
  async challenge(user: UserRecord, client: ClientInfo): Promise<SecondStepChallenge | null> {
    const totp = await this.deps.store.findTotp(user.id);
    const methods: SecondFactorMethod[] = [...(totp?.confirmed ? (['totp', 'recovery'] as const) : []), ...(await this.extraMethods(user.id))];
    if (methods.length === 0) return null;
    const { ticket, expiresInSeconds } = this.deps.tickets.issue(user.id, client);
    return { ticket, expiresInSeconds, methods };
  }

  /** The second step: a one-time or recovery code for the ticket. A right one starts the session. */
  async completeSignIn(ticket: string, code: string, client: ClientInfo): Promise<LoginResult> {
    const pending = this.deps.tickets.find(ticket, client.ip);
    const user = pending && (await this.deps.findUser(pending.userId));
    if (!pending || !user) throw invalid();
    const valid = await this.deps.auth.checkSecondSecret(user, client, () => this.acceptCode(user, code));
    if (!valid) {
      this.deps.tickets.failed(ticket);
      this.deps.bus.publish('SignInFailed', { user: user.username, address: client.ip, reason: 'secondFactor' });
      throw invalid();
    }
    // Two requests with one ticket and two right codes (app and recovery) get one session between them.
    if (!this.deps.tickets.spend(ticket)) throw invalid();
    return this.deps.auth.completeSignIn(user, client);
  }

  /** Starts (or restarts) an enrolment: a new secret, shown with its URI and QR code until it is confirmed. */
  async startTotp(user: UserRecord): Promise<TotpEnrolment> {
    const existing = await this.deps.store.findTotp(user.id);
    if (existing?.confirmed) throw new AppError('TOTP_ALREADY_ENABLED', 'the authenticator app is already set up');
    const secret = newTotpSecret();
    await this.deps.store.savePendingTotp(user.id, secret, this.isoNow());
    const uri = totpUri(secret, user.username);
    const qrSvg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    return { secret, uri, qrSvg };
  }

  /**
   * Confirms the enrolment with a first code; answers the ten recovery codes (their only appearance). Every other
   * session of the user ends (issue 21): one signed in before the account had a second factor is not trusted after.
   */
  async confirmTotp(user: UserRecord, code: string, client: ClientInfo, currentSessionId?: string): Promise<string[]> {
    const pending = await this.deps.store.findTotp(user.id);
    if (!pending || pending.confirmed) throw new AppError('TOTP_NOT_PENDING', 'no authenticator app set-up is waiting for a code');
    const step = await this.checkedStep(user, client, pending.secret, code);
    const codes = newRecoveryCodes();
    const saved = await this.deps.store.confirmTotp(user.id, step, this.isoNow(), codes.map(hashRecoveryCode));
    if (!saved) throw new AppError('TOTP_NOT_PENDING', 'no authenticator app set-up is waiting for a code');
    this.deps.bus.publish('SecondFactorChanged', { user: user.username, change: 'totpEnabled', by: { user: user.username, address: client.ip } });
    await this.deps.auth.endSessionsOfUser(user.id, 'secondFactorChanged', currentSessionId);
    return codes;
  }

  /** Turns the app off (and its recovery codes): the password, or a current code, proves it is the owner. Other sessions end. */
  async disableTotp(user: UserRecord, proof: { password?: string | undefined; code?: string | undefined }, client: ClientInfo, currentSessionId?: string): Promise<void> {
    const totp = await this.deps.store.findTotp(user.id);
    if (!totp?.confirmed) throw new AppError('TOTP_NOT_ENABLED', 'the authenticator app is not set up');
    const valid =
      proof.password !== undefined
        ? await this.deps.auth.verifyPassword(user, proof.password, client)
        : await this.deps.auth.checkSecondSecret(user, client, () => this.acceptCode(user, proof.code ?? ''));
    if (!valid) {
      if (proof.password !== undefined) throw new AppError('WRONG_CURRENT_PASSWORD', 'the password is wrong');
      throw invalid();
    }
    await this.deps.store.removeTotp(user.id);
    this.deps.bus.publish('SecondFactorChanged', { user: user.username, change: 'totpDisabled', by: { user: user.username, address: client.ip } });
    await this.deps.auth.endSessionsOfUser(user.id, 'secondFactorChanged', currentSessionId);
  }

  /**
   * An admin's reset of a user who lost their phone: every second factor goes, and every session of the user but
   * the admin's own (the lost phone may hold one); the audit trail names the admin.
   */
  async resetByAdmin(target: UserRecord, by: Actor, adminSessionId?: string): Promise<void> {
    await this.deps.store.removeTotp(target.id);
    for (const factor of this.extras) await factor.removeAll(target.id);
    this.deps.bus.publish('SecondFactorChanged', { user: target.username, change: 'reset', by });
    await this.deps.auth.endSessionsOfUser(target.id, 'secondFactorChanged', adminSessionId);
  }

  /** Whether `code` is a fresh one-time code or an unused recovery code of the user; takes it if so. */
  private async acceptCode(user: UserRecord, code: string): Promise<boolean> {
    const totp = await this.deps.store.findTotp(user.id);
    if (!totp?.confirmed) return false;
    if (TOTP_CODE_PATTERN.test(code.trim())) {
      const step = matchTotpStep(totp.secret, code, this.deps.clock.now());
      return step !== null && (await this.deps.store.takeTotpStep(user.id, step));
    }
    if (!looksLikeRecoveryCode(code)) return false;
    const used = await this.deps.store.useRecoveryCode(user.id, hashRecoveryCode(code), this.isoNow());
    if (used) this.deps.bus.publish('SecondFactorChanged', { user: user.username, change: 'recoveryCodeUsed', by: null });
    return used;
  }

  private async checkedStep(user: UserRecord, client: ClientInfo, secret: string, code: string): Promise<number> {
    let step: number | null = null;
    const valid = await this.deps.auth.checkSecondSecret(user, client, () => {
      step = matchTotpStep(secret, code, this.deps.clock.now());
      return Promise.resolve(step !== null);
    });
    if (!valid || step === null) throw invalid();
    return step;
  }

  private isoNow(): string {
    return new Date(this.deps.clock.now()).toISOString();
  }
}
