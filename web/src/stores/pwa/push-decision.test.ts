import { describe, expect, it } from 'vitest';
import { decidePushActions, needsServerStatus, type PushLocalState } from './push-decision';

const KEY = 'BExampleServerKey_-';
const base: PushLocalState = { supported: true, permission: 'granted', signedIn: true, allowed: true, wanted: true, browserKey: null, language: 'en' };
const state = (changes: Partial<PushLocalState>): PushLocalState => ({ ...base, ...changes });

describe('push subscription decision (spec §4, §6)', () => {
  it('subscribes and posts the subscription when the browser is not subscribed', () => {
    expect(needsServerStatus(base)).toBe(true);
    expect(decidePushActions(base, { publicKey: KEY, subscription: false })).toEqual(['subscribeBrowser', 'saveOnServer']);
    expect(decidePushActions(base, { publicKey: KEY, subscription: true })).toEqual(['subscribeBrowser', 'saveOnServer']);
  });

  it('does nothing when browser and server both hold the subscription', () => {
    expect(decidePushActions(state({ browserKey: KEY }), { publicKey: KEY, subscription: true })).toEqual([]);
    expect(decidePushActions(state({ browserKey: `${KEY}=` }), { publicKey: KEY, subscription: true })).toEqual([]);
  });

  it('posts the subscription again when the UI language differs from the one the server stored', () => {
    const subscribed = state({ browserKey: KEY, language: 'de' });
    expect(decidePushActions(subscribed, { publicKey: KEY, subscription: true, language: 'en' })).toEqual(['saveOnServer']);
    // Stored by a client that sent no language: posted again with it.
    expect(decidePushActions(subscribed, { publicKey: KEY, subscription: true, language: null })).toEqual(['saveOnServer']);
    expect(decidePushActions(subscribed, { publicKey: KEY, subscription: true, language: 'de' })).toEqual([]);
    // A server that does not tell the language (older) is not posted to on every run.
    expect(decidePushActions(subscribed, { publicKey: KEY, subscription: true })).toEqual([]);
    // Not subscribed in the browser: the language goes with the new subscription, nothing extra.
    expect(decidePushActions(state({ language: 'de' }), { publicKey: KEY, subscription: true, language: 'en' })).toEqual([
      'subscribeBrowser',
      'saveOnServer',
    ]);
  });

  it('unsubscribes and resubscribes when the server says it has no subscription', () => {
    expect(decidePushActions(state({ browserKey: KEY }), { publicKey: KEY, subscription: false })).toEqual([
      'unsubscribeBrowser',
      'subscribeBrowser',
      'saveOnServer',
    ]);
  });

  it('resubscribes when the server key changed', () => {
    expect(decidePushActions(state({ browserKey: 'BOldKey' }), { publicKey: KEY, subscription: true })).toEqual([
      'unsubscribeBrowser',
      'subscribeBrowser',
      'saveOnServer',
    ]);
  });

  it('unsubscribes (browser and server) a user without recordings:access or admin', () => {
    const withoutPermission = state({ allowed: false, browserKey: KEY });
    expect(needsServerStatus(withoutPermission)).toBe(false);
    expect(decidePushActions(withoutPermission, null)).toEqual(['unsubscribeBrowser', 'deleteOnServer']);
    expect(decidePushActions(state({ allowed: false }), null)).toEqual([]);
  });

  it('unsubscribes when the device toggle is off', () => {
    expect(needsServerStatus(state({ wanted: false }))).toBe(false);
    expect(decidePushActions(state({ wanted: false, browserKey: KEY }), null)).toEqual(['unsubscribeBrowser', 'deleteOnServer']);
  });

  it('after sign-out only the browser subscription is dropped (the server forgot it with the session)', () => {
    expect(decidePushActions(state({ signedIn: false, allowed: false, browserKey: KEY }), null)).toEqual(['unsubscribeBrowser']);
    expect(decidePushActions(state({ signedIn: false, allowed: false }), null)).toEqual([]);
  });

  it('subscribes whenever notifications are not denied (spec §4): not yet asked, subscribing asks', () => {
    expect(needsServerStatus(state({ permission: 'default' }))).toBe(true);
    expect(decidePushActions(state({ permission: 'default' }), { publicKey: KEY, subscription: false })).toEqual(['subscribeBrowser', 'saveOnServer']);
  });

  it('does nothing once notifications are denied', () => {
    expect(needsServerStatus(state({ permission: 'denied' }))).toBe(false);
    expect(decidePushActions(state({ permission: 'denied' }), { publicKey: KEY, subscription: false })).toEqual([]);
  });

  it('does nothing without push support', () => {
    expect(needsServerStatus(state({ supported: false }))).toBe(false);
    expect(decidePushActions(state({ supported: false, browserKey: KEY }), null)).toEqual([]);
  });
});
