import { describe, expect, it } from 'vitest';
import { FakeClock } from '../lib/fake-clock.js';
import { StatusTracker, redactSecrets } from './integration.js';
import { IntegrationRegistry } from './registry.js';

describe('redactSecrets', () => {
  it('removes credentials from URLs and every configured secret', () => {
    expect(redactSecrets('connect failed: mqtts://user:hunter22@broker.lan:8883')).toBe('connect failed: mqtts://***@broker.lan:8883');
    expect(redactSecrets('bad login with pw hunter22 twice hunter22', ['hunter22', undefined, ''])).toBe('bad login with pw *** twice ***');
    // Too short to tell from ordinary words: left alone.
    expect(redactSecrets('a b c', ['a'])).toBe('a b c');
  });
});

describe('StatusTracker', () => {
  it('keeps the last error with its time and code, without secrets, and moves since when the state changes', () => {
    const clock = new FakeClock(Date.parse('2026-05-01T10:00:00.000Z'));
    const tracker = new StatusTracker(clock, () => ['s3cr3t-pass']);
    clock.advance(5000);
    // Never changed: held since the integration was set up (issue 17: the page showed no "since" at all).
    expect(tracker.status('running')).toEqual({ state: 'running', since: '2026-05-01T10:00:00.000Z', lastError: null, detail: null });
    clock.advance(1000);
    tracker.fail('auth failed for s3cr3t-pass: Bad username or password');
    expect(tracker.status('error', { code: 'PORT', port: 1, localOnly: false }).since).toBe('2026-05-01T10:00:06.000Z');
    clock.advance(1000);
    const back = tracker.status('running');
    expect(back.since).toBe('2026-05-01T10:00:07.000Z');
    expect(back.lastError).toEqual({ code: 'AUTH_FAILED', message: 'auth failed for ***: Bad username or password', at: '2026-05-01T10:00:06.000Z' });
  });

  it('dates the first look from the last error when one came first', () => {
    const clock = new FakeClock(Date.parse('2026-05-01T10:00:00.000Z'));
    const tracker = new StatusTracker(clock);
    clock.advance(2000);
    tracker.fail('listen EADDRINUSE: address already in use 0.0.0.0:7272');
    clock.advance(2000);
    expect(tracker.status('error')).toMatchObject({ since: '2026-05-01T10:00:02.000Z', lastError: { code: 'PORT_IN_USE' } });
  });
});

describe('IntegrationRegistry', () => {
  it('lists what registers, in order, offers only implemented actions, refuses duplicates', async () => {
    const registry = new IntegrationRegistry();
    const tracker = new StatusTracker(new FakeClock());
    const off = registry.register({ id: 'telegram', kind: 'notifier', title: 'Telegram', settingsPath: '/settings/notifications', status: () => tracker.status('ready') });
    expect(() => registry.register({ id: 'telegram', kind: 'notifier', title: 'x', settingsPath: '/', status: () => tracker.status('ready') })).toThrow(/twice/);
    expect(await registry.list()).toEqual([
      { id: 'telegram', kind: 'notifier', title: 'Telegram', settingsPath: '/settings/notifications', actions: [], warnings: [], state: 'ready', since: '2026-01-01T00:00:00.000Z', lastError: null, detail: null },
    ]);
    await expect(registry.act('telegram', 'start')).rejects.toMatchObject({ code: 'PLUGIN_ACTION_UNSUPPORTED' });
    off();
    expect(registry.ids()).toEqual([]);
    await expect(registry.act('telegram', 'start')).rejects.toMatchObject({ code: 'PLUGIN_NOT_FOUND' });
  });
});
