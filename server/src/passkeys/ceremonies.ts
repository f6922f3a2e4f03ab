import { randomBytes } from 'node:crypto';
import type { Clock } from '../lib/clock.js';
import type { RelyingParty } from './relying-party.js';

/** How long a started ceremony waits for the authenticator's answer (the browser's own time-out is shorter). */
export const CEREMONY_TTL_MS = 2 * 60_000;
/** What the browser is told to wait: a little less than the server keeps the challenge. */
export const WEBAUTHN_TIMEOUT_MS = 90_000;
/** Bound on ceremonies held at once; the oldest go first. */
const MAX_CEREMONIES = 10_000;

/**
 * What a challenge was issued for. A registration belongs to one session of one user; a sign-in to anyone
 * (`userId` null: a discoverable passkey names its account) or to one account (username first, or the second step
 * of a password sign-in, which also names its ticket).
 */
export type CeremonyPurpose =
  | { kind: 'register'; userId: number; sessionId: string; userHandle: string }
  | { kind: 'signIn'; userId: number | null }
  | { kind: 'secondStep'; userId: number; ticket: string };

export type NewCeremony = CeremonyPurpose & { challenge: string; party: RelyingParty; ip: string | null };
export type Ceremony = NewCeremony & { expiresAt: number };

/**
 * WebAuthn challenges in memory, each bound to the ceremony it was issued for (purpose, page origin, RP ID, client
 * address). A challenge is taken by the first answer, right or wrong, so an answer can never be replayed against it;
 * nothing of it is stored or logged. A restart only means pressing the button again.
 */
export class PasskeyCeremonies {
  private readonly ceremonies = new Map<string, Ceremony>();

  constructor(private readonly clock: Clock) {}

  start(ceremony: NewCeremony): string {
    this.sweep();
    const id = randomBytes(24).toString('base64url');
    this.ceremonies.set(id, { ...ceremony, expiresAt: this.clock.now() + CEREMONY_TTL_MS });
    for (const key of this.ceremonies.keys()) {
      if (this.ceremonies.size <= MAX_CEREMONIES) break;
      this.ceremonies.delete(key);
    }
    return id;
  }

  /**
   * The ceremony, removed: undefined when unknown, used, expired, or started from another page origin, RP ID or
   * client address than this answer comes from.
   */
  take(id: string, party: RelyingParty, ip: string | null): Ceremony | undefined {
    const ceremony = this.ceremonies.get(id);
    if (!ceremony) return undefined;
    this.ceremonies.delete(id);
    if (ceremony.expiresAt <= this.clock.now()) return undefined;
    const sameParty = ceremony.party.origin === party.origin && ceremony.party.rpId === party.rpId;
    return sameParty && ceremony.ip === ip ? ceremony : undefined;
  }

  private sweep(): void {
    const now = this.clock.now();
    for (const [key, ceremony] of this.ceremonies) if (ceremony.expiresAt <= now) this.ceremonies.delete(key);
  }
}
