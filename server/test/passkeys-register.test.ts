import type { LogEntry, Passkey, PasskeyCeremony, PasskeyList } from '@homecam/shared';
import { describe, expect, it } from 'vitest';
import type { HomecamApp } from '../src/app.js';
import { expectError } from './helpers/http.js';
import { browserHeaders, enrolPasskey, HOST, newAuthenticator, ORIGIN, startRegistration } from './helpers/passkeys.js';
import { signedInAppPerTest } from './helpers/signed-in-app.js';
import { bearer, signedInUser, tokenFor } from './helpers/users.js';

/** Issue 21, adding passkeys: real WebAuthn answers from a software authenticator, real SQLite. */
describe('passkeys: adding, renaming, removing', () => {
  const setUp = signedInAppPerTest();

  const finish = (a: HomecamApp, token: string, payload: object, headers = browserHeaders(token)) =>
    a.inject({ method: 'POST', url: '/api/account/passkeys', headers, payload });

  it('adds named passkeys after the password; the list has names and dates, never a key or a credential id', async () => {
    const { a, token } = await setUp();
    expectError(await startRegistration(a, token, 'not-the-password'), 400, 'WRONG_CURRENT_PASSWORD');
    const started = await startRegistration(a, token);
    const { options } = started.json<PasskeyCeremony>();
    expect(options).toMatchObject({ rp: { id: 'homecam.test', name: 'HomeCam' }, attestation: 'none', excludeCredentials: [] });
    const phone = newAuthenticator();
    await enrolPasskey(a, token, phone, 'Phone');
    const laptop = newAuthenticator();
    await enrolPasskey(a, token, laptop, 'Laptop');
    const list = await a.inject({ url: '/api/account/passkeys', headers: bearer(token) });
    const { passkeys } = list.json<PasskeyList>();
    expect(passkeys.map((key) => [key.name, key.lastUsedAt, key.transports])).toEqual([['Phone', null, ['internal']], ['Laptop', null, ['internal']]]);
    for (const credential of [...phone.credentials, ...laptop.credentials]) expect(list.body).not.toContain(credential.id.toString('base64url'));
    // The next ceremony excludes both, and reuses the account's one user handle.
    const next = (await startRegistration(a, token)).json<{ options: { excludeCredentials: { id: string }[]; user: { id: string } } }>().options;
    expect(next.excludeCredentials.map((entry) => entry.id).sort()).toEqual([...phone.credentials, ...laptop.credentials].map((c) => c.id.toString('base64url')).sort());
    expect(next.user.id).toBe(phone.credentials[0]?.userHandle);
  });

  it('a ceremony is single-use, short-lived, and bound to its session, origin and RP ID', async () => {
    const { a, clock, token } = await setUp();
    const other = await signedInUser(a, ['dashboard:access']);
    const authenticator = newAuthenticator();
    const begin = async () => (await startRegistration(a, token)).json<PasskeyCeremony>();

    let { ceremony, options } = await begin();
    const credential = authenticator.register(options);
    // Another user's session cannot finish it (and the attempt uses it up).
    expectError(await finish(a, other.token, { ceremony, name: 'x', credential }, browserHeaders(other.token)), 400, 'PASSKEY_REGISTRATION_FAILED');
    expectError(await finish(a, token, { ceremony, name: 'x', credential }), 400, 'PASSKEY_REGISTRATION_FAILED');

    ({ ceremony, options } = await begin());
    clock.advance(2 * 60_000 + 1);
    expectError(await finish(a, token, { ceremony, name: 'x', credential: authenticator.register(options) }), 400, 'PASSKEY_REGISTRATION_FAILED');

    ({ ceremony, options } = await begin());
    const foreignOrigin = authenticator.register(options, { origin: 'http://evil.test:8080' });
    expectError(await finish(a, token, { ceremony, name: 'x', credential: foreignOrigin }), 400, 'PASSKEY_REGISTRATION_FAILED');
    ({ ceremony, options } = await begin());
    const foreignRp = authenticator.register(options, { rpId: 'evil.test' });
    expectError(await finish(a, token, { ceremony, name: 'x', credential: foreignRp }), 400, 'PASSKEY_REGISTRATION_FAILED');

    // A right answer to a used ceremony is refused too; a right answer to a fresh one is taken.
    ({ ceremony, options } = await begin());
    const right = authenticator.register(options);
    expect((await finish(a, token, { ceremony, name: 'Phone', credential: right })).statusCode).toBe(201);
    expectError(await finish(a, token, { ceremony, name: 'Phone', credential: right }), 400, 'PASSKEY_REGISTRATION_FAILED');
    const { passkeys } = (await a.inject({ url: '/api/account/passkeys', headers: bearer(token) })).json<PasskeyList>();
    expect(passkeys).toHaveLength(1);
  });

  it('a credential registered to one account cannot be registered again, to it or to another', async () => {
    const { a, token } = await setUp();
    const other = await signedInUser(a, ['dashboard:access']);
    const authenticator = newAuthenticator();
    await enrolPasskey(a, token, authenticator);
    const [held] = authenticator.credentials;
    for (const as of [token, other.token]) {
      const { ceremony, options } = (await startRegistration(a, as)).json<PasskeyCeremony>();
      const again = authenticator.register(options, { again: held });
      expectError(await finish(a, as, { ceremony, name: 'Again', credential: again }, browserHeaders(as)), 409, 'PASSKEY_ALREADY_REGISTERED');
    }
    expect((await a.inject({ url: '/api/account/passkeys', headers: bearer(other.token) })).json<PasskeyList>().passkeys).toEqual([]);
  });

  it('refuses a page from another host, an IP address as RP ID, and no Origin at all', async () => {
    const { a, token } = await setUp();
    const start = (headers: Record<string, string>) =>
      a.inject({ method: 'POST', url: '/api/account/passkeys/registration', headers: { ...headers, ...bearer(token) }, payload: { password: 'test-password-1' } });
    expectError(await start({ host: HOST, origin: 'http://evil.test:8080' }), 400, 'PASSKEY_ORIGIN_REFUSED');
    expectError(await start({ host: HOST, origin: 'http://homecam.test:9090' }), 400, 'PASSKEY_ORIGIN_REFUSED');
    expectError(await start({ host: HOST }), 400, 'PASSKEY_ORIGIN_REFUSED');
    expectError(await start({ host: '192.168.1.5:8080', origin: 'http://192.168.1.5:8080' }), 400, 'PASSKEY_ORIGIN_REFUSED');
    expectError(await start({ host: '[::1]:8080', origin: 'http://[::1]:8080' }), 400, 'PASSKEY_ORIGIN_REFUSED');
    expectError(await start({ host: HOST, origin: `${ORIGIN}/path` }), 400, 'PASSKEY_ORIGIN_REFUSED');
    // A TLS-terminating proxy that keeps the Host: the scheme is the page's.
    expect((await start({ host: 'homecam.test', origin: 'https://homecam.test' })).statusCode).toBe(200);
  });

  it('renames and removes only the caller\'s own passkeys; removing takes the password', async () => {
    const { a, token } = await setUp();
    const mine = await enrolPasskey(a, token, newAuthenticator(), 'Phone');
    const other = await signedInUser(a, ['dashboard:access']);
    const theirs = await enrolPasskey(a, other.token, newAuthenticator(), 'Key');
    const rename = (id: number, name: string) => a.inject({ method: 'PATCH', url: `/api/account/passkeys/${id}`, headers: bearer(token), payload: { name } });
    const remove = (id: number, password: string) => a.inject({ method: 'POST', url: `/api/account/passkeys/${id}/remove`, headers: bearer(token), payload: { password } });

    const renamed = await rename(mine.id, '  Work phone ');
    expect(renamed.json<Passkey>().name).toBe('Work phone');
    expectError(await rename(mine.id, ''), 400, 'VALIDATION_FAILED');
    expectError(await rename(mine.id, 'a\u202Eb'), 400, 'VALIDATION_FAILED');
    expectError(await rename(theirs.id, 'mine now'), 404, 'PASSKEY_NOT_FOUND');
    expectError(await remove(theirs.id, 'test-password-1'), 404, 'PASSKEY_NOT_FOUND');
    expectError(await remove(mine.id, 'wrong-password'), 400, 'WRONG_CURRENT_PASSWORD');
    expect((await remove(mine.id, 'test-password-1')).statusCode).toBe(204);
    expect((await a.inject({ url: '/api/account/passkeys', headers: bearer(token) })).json<PasskeyList>().passkeys).toEqual([]);
    expect((await a.inject({ url: '/api/account/passkeys', headers: bearer(other.token) })).json<PasskeyList>().passkeys).toHaveLength(1);
  });

  it('a rename is in the audit trail with the name before and after, as adding and removing are', async () => {
    const { a, token, user } = await setUp({ logLevel: 'info' });
    const admin = await signedInUser(a, ['admin']);
    const added = await enrolPasskey(a, token, newAuthenticator(), 'Phone');
    const rename = (name: string) => a.inject({ method: 'PATCH', url: `/api/account/passkeys/${added.id}`, headers: bearer(token), payload: { name }, remoteAddress: '192.168.1.7' });
    expect((await rename('Work phone')).statusCode).toBe(200);
    // The same name again changes nothing, and says nothing.
    expect((await rename('Work phone')).statusCode).toBe(200);
    const log = await a.inject({ url: '/api/system/log?limit=2000', headers: bearer(admin.token) });
    const entries = log.json<{ entries: LogEntry[] }>().entries.filter((entry) => entry.message.includes('renamed a passkey'));
    expect(entries.map((entry) => [entry.level, entry.source, entry.message])).toEqual([
      ['info', 'users', `"${user.username}" renamed a passkey "Phone" to "Work phone" (from 192.168.1.7)`],
    ]);
  });

  it('adding or removing a passkey ends the account\'s other sessions, not the one that did it', async () => {
    const { a, token, user } = await setUp();
    const elsewhere = await tokenFor(a, user);
    const added = await enrolPasskey(a, token, newAuthenticator(), 'Phone');
    expect((await a.inject({ url: '/api/account/passkeys', headers: bearer(elsewhere) })).statusCode).toBe(401);
    expect((await a.inject({ url: '/api/account/passkeys', headers: bearer(token) })).statusCode).toBe(200);

    const later = await tokenFor(a, user);
    const removed = await a.inject({ method: 'POST', url: `/api/account/passkeys/${added.id}/remove`, headers: bearer(token), payload: { password: 'test-password-1' } });
    expect(removed.statusCode).toBe(204);
    expect((await a.inject({ url: '/api/account/passkeys', headers: bearer(later) })).statusCode).toBe(401);
    expect((await a.inject({ url: '/api/account/passkeys', headers: bearer(token) })).statusCode).toBe(200);
  });
});
