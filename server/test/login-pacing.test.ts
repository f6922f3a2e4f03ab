import type { LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HomecamApp } from '../src/app.js';
import { FakeClock } from '../src/lib/fake-clock.js';
import { PasswordHasher } from '../src/security/password-hasher.js';
import { AccountPacer } from '../src/services/account-pacer.js';
import { createTestApp } from './helpers/test-app.js';
import { createUser, DEFAULT_TEST_PASSWORD } from './helpers/users.js';

/**
 * N8 (probe 2026-11-28): 200 wrong passwords for one account from 50 addresses were all checked in about 2 s.
 * The account-wide ceiling checks them one at a time, one a second, once the free failures are used up; it
 * never locks: the owner still signs in from a fresh address.
 */
const PACING = { freeFailures: 10, intervalMs: 1_000 };
/** No per-attempt delays here: only the pacer's clock decides when a password is checked. */
const NO_DELAYS = { baseDelayMs: 0, maxDelayMs: 0 };

let app: HomecamApp | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
  vi.restoreAllMocks();
});

/** Behind the trusted proxy each forwarded address is a client of its own (how the probe spread its guesses). */
function signIn(a: HomecamApp, username: string, password: string, client: string): Promise<LightMyRequestResponse> {
  return a.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username, password },
    remoteAddress: '127.0.0.1',
    headers: { 'x-forwarded-for': client },
  });
}

/** Fires requests without awaiting them and counts the answers as they come. */
function tracked(requests: Promise<LightMyRequestResponse>[]) {
  const answers: number[] = [];
  const all = requests.map((request) => request.then((response) => void answers.push(response.statusCode)));
  return { answers, settled: () => Promise.allSettled(all) };
}

describe('the account-wide ceiling on password checks (N8)', () => {
  it('200 parallel guesses from 50 addresses: 11 checked at once, then one per second of the clock', async () => {
    const clock = new FakeClock();
    app = await createTestApp({ clock, trustProxy: ['loopback'], loginThrottle: NO_DELAYS, accountPacing: PACING });
    const a = app;
    await createUser(a, ['admin'], { username: 'keeper' });
    const verify = vi.spyOn(PasswordHasher.prototype, 'verify');
    const guesses = tracked(Array.from({ length: 200 }, (_, i) => signIn(a, 'keeper', `guess-${i}`, `10.1.0.${i % 50}`)));

    // The free failures run at once, the first paced check right after; every other guess waits in line.
    await expect.poll(() => a.homecam.auth.waitingSignIns('keeper')).toBe(189);
    await expect.poll(() => guesses.answers.length).toBe(11);
    expect(verify).toHaveBeenCalledTimes(11);

    // Ten seconds of the clock: ten more checks, each answered before the next may start.
    for (let second = 1; second <= 10; second++) {
      clock.advance(1_000);
      await expect.poll(() => guesses.answers.length).toBe(11 + second);
    }
    expect(verify).toHaveBeenCalledTimes(21);
    expect(new Set(guesses.answers)).toEqual(new Set([401]));
    expect(a.homecam.auth.waitingSignIns('keeper')).toBe(179);

    // Never a lock: the owner from a fresh address joins the line behind one turn per guessing address, not 179.
    let owner: number | undefined;
    void signIn(a, 'keeper', DEFAULT_TEST_PASSWORD, '192.168.1.50').then((response) => (owner = response.statusCode));
    await expect.poll(() => a.homecam.auth.waitingSignIns('keeper')).toBe(180);
    let turns = 0;
    while (owner === undefined) {
      turns += 1;
      const answered = guesses.answers.length;
      clock.advance(1_000);
      await expect.poll(() => (owner !== undefined ? 'owner' : guesses.answers.length)).not.toBe(answered);
    }
    expect(owner).toBe(200);
    expect(turns).toBeLessThanOrEqual(51);

    await a.close(); // the guesses still waiting are answered 429, not left hanging
    await guesses.settled();
    expect(guesses.answers.filter((status) => status === 429).length).toBe(200 - 21 - (turns - 1));
  });

  it('an address the account signed in from is not paced, however long the line', async () => {
    const clock = new FakeClock();
    app = await createTestApp({ clock, trustProxy: ['loopback'], loginThrottle: NO_DELAYS, accountPacing: PACING });
    const a = app;
    await createUser(a, ['admin'], { username: 'owner' });
    expect((await signIn(a, 'owner', DEFAULT_TEST_PASSWORD, '192.168.1.20')).statusCode).toBe(200);
    const guesses = tracked(Array.from({ length: 60 }, (_, i) => signIn(a, 'owner', `guess-${i}`, `10.2.0.${i % 30}`)));
    await expect.poll(() => a.homecam.auth.waitingSignIns('owner')).toBe(49);
    // No clock advance needed: the owner's own device skips the line.
    expect((await signIn(a, 'owner', DEFAULT_TEST_PASSWORD, '192.168.1.20')).statusCode).toBe(200);
    await a.close();
    await guesses.settled();
  });

  it('a free burst is counted while in flight: parallel attempts cannot all pass as free', async () => {
    const pacer = new AccountPacer(new FakeClock(), { freeFailures: 3, intervalMs: 1_000 });
    const turns = Array.from({ length: 6 }, (_, i) => pacer.take('acct', `10.0.0.${i}`));
    const ready: number[] = [];
    turns.forEach((turn, i) => void turn.then(() => ready.push(i), () => undefined));
    await expect.poll(() => ready.length).toBe(4); // 3 free + the first paced one
    expect(pacer.waitingFor('acct')).toBe(2);
    pacer.close();
    await Promise.allSettled(turns);
  });

  it('a full line makes room for a fresh address at the cost of the address with the most waiting', async () => {
    const clock = new FakeClock();
    const pacer = new AccountPacer(clock, { freeFailures: 0, intervalMs: 1_000, maxWaiting: 3 });
    const first = await pacer.take('acct', 'a'); // released at once, holds the line while unsettled
    const flooder = [pacer.take('acct', 'a'), pacer.take('acct', 'a'), pacer.take('acct', 'b')];
    const outcomes = flooder.map((turn) => turn.then(() => 'turn', (error: { code?: string }) => error.code));
    const fresh = pacer.take('acct', 'c');
    expect(await outcomes[0]).toBe('RATE_LIMITED'); // the oldest of 'a', which had the most waiting
    expect(pacer.waitingFor('acct')).toBe(3);
    // Round-robin by address: 'a', then 'b', then the fresh 'c'.
    first.done('failed');
    clock.advance(1_000);
    expect(await outcomes[1]).toBe('turn');
    (await flooder[1]!).done('failed');
    clock.advance(1_000);
    expect(await outcomes[2]).toBe('turn');
    (await flooder[2]!).done('failed');
    clock.advance(1_000);
    (await fresh).done('succeeded');
    expect(pacer.waitingFor('acct')).toBe(0);
  });
});
