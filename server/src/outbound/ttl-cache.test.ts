import { describe, expect, it } from 'vitest';
import { FakeClock } from '../lib/fake-clock.js';
import { TtlCache } from './ttl-cache.js';

describe('TtlCache', () => {
  it('keeps at most maxEntries, dropping the least recently used', async () => {
    const cache = new TtlCache<string>({ ttlMs: 60_000, maxEntries: 2, clock: new FakeClock() });
    await cache.get('a', () => Promise.resolve('A'));
    await cache.get('b', () => Promise.resolve('B'));
    expect(cache.peek('a')).toBe('A'); // a is now the most recent
    await cache.get('c', () => Promise.resolve('C'));
    expect([cache.peek('a'), cache.peek('b'), cache.peek('c'), cache.size]).toEqual(['A', null, 'C', 2]);
  });

  it('expires entries after ttlMs', async () => {
    const clock = new FakeClock();
    const cache = new TtlCache<number>({ ttlMs: 1_000, maxEntries: 10, clock });
    let loads = 0;
    const load = () => Promise.resolve(++loads);
    await cache.get('k', load);
    clock.advance(999);
    expect(await cache.get('k', load)).toBe(1);
    clock.advance(1);
    expect(await cache.get('k', load)).toBe(2);
  });

  it('shares one load between concurrent callers and keeps no failure', async () => {
    const cache = new TtlCache<number>({ ttlMs: 1_000, maxEntries: 10, clock: new FakeClock() });
    let release: (value: number) => void = () => undefined;
    let loads = 0;
    const slow = () => {
      loads += 1;
      return new Promise<number>((resolve) => (release = resolve));
    };
    const both = Promise.all([cache.get('k', slow), cache.get('k', slow)]);
    expect(cache.isLoading('k')).toBe(true);
    release(7);
    expect(await both).toEqual([7, 7]);
    expect(loads).toBe(1);
    await expect(cache.get('bad', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect([cache.peek('bad'), cache.isLoading('bad')]).toEqual([null, false]);
  });
});
