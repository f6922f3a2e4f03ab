import { randomBytes } from 'node:crypto';
import type { Clock } from '../lib/clock.js';
import { hashSessionToken } from '../security/token.js';

/** How long the second step may take after the password: long enough to find the phone. */
export const TICKET_TTL_MS = 5 * 60_000;
/** Wrong codes one ticket may take before it is spent (the account-wide throttle applies on top). */
const MAX_FAILURES_PER_TICKET = 5;
/** Bound on tickets held at once (each is a right password, so this is generous). */
const MAX_TICKETS = 10_000;

export interface PendingSignIn {
  userId: number;
  ip: string | null;
  userAgent: string | null;
  expiresAt: number;
  failures: number;
}

/**
 * Sign-ins that passed the password and wait for the second factor. In memory on purpose: a ticket lives
 * minutes, a restart only means typing the password again, and no half-signed-in state ever reaches the
 * session table. Only the ticket's hash is kept; a ticket works from the address it was issued to only.
 */
export class SignInTickets {
  private readonly tickets = new Map<string, PendingSignIn>();

  constructor(private readonly clock: Clock) {}

  issue(userId: number, client: { ip: string | null; userAgent: string | null }): { ticket: string; expiresInSeconds: number } {
    this.sweep();
    const ticket = randomBytes(32).toString('base64url');
    this.tickets.set(hashSessionToken(ticket), { userId, ip: client.ip, userAgent: client.userAgent, expiresAt: this.clock.now() + TICKET_TTL_MS, failures: 0 });
    for (const key of this.tickets.keys()) {
      if (this.tickets.size <= MAX_TICKETS) break;
      this.tickets.delete(key);
    }
    return { ticket, expiresInSeconds: TICKET_TTL_MS / 1000 };
  }

  /** The live ticket for this client address, or undefined (unknown, expired, spent or from elsewhere). */
  find(ticket: string, ip: string | null): PendingSignIn | undefined {
    const pending = this.tickets.get(hashSessionToken(ticket));
    if (!pending) return undefined;
    if (pending.expiresAt <= this.clock.now()) {
      this.tickets.delete(hashSessionToken(ticket));
      return undefined;
    }
    return pending.ip === ip ? pending : undefined;
  }

  /** Counts a wrong code; the ticket is spent at the limit. */
  failed(ticket: string): void {
    const key = hashSessionToken(ticket);
    const pending = this.tickets.get(key);
    if (!pending) return;
    pending.failures += 1;
    if (pending.failures >= MAX_FAILURES_PER_TICKET) this.tickets.delete(key);
  }

  /** The sign-in finished: the ticket cannot be used again. False when another request spent it first. */
  spend(ticket: string): boolean {
    return this.tickets.delete(hashSessionToken(ticket));
  }

  private sweep(): void {
    const now = this.clock.now();
    for (const [key, pending] of this.tickets) if (pending.expiresAt <= now) this.tickets.delete(key);
  }
}
