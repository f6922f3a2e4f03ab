import { afterEach, describe, expect, it } from 'vitest';
import { EventBus } from './event-bus.js';

describe('EventBus', () => {
  const warnings: Error[] = [];
  const onWarning = (warning: Error) => warnings.push(warning);
  afterEach(() => {
    process.off('warning', onWarning);
    warnings.length = 0;
  });

  it('takes one subscriber per connection without a leak warning, and unsubscribing removes them', async () => {
    process.on('warning', onWarning);
    const bus = new EventBus();
    const unsubscribers = Array.from({ length: 50 }, () => bus.subscribe('SessionsEnded', () => undefined));
    expect(bus.listenerCount('SessionsEnded')).toBe(50);
    // Node reports listener leaks asynchronously on the process.
    await new Promise((resolve) => setImmediate(resolve));
    expect(warnings.map((w) => w.name)).not.toContain('MaxListenersExceededWarning');

    for (const unsubscribe of unsubscribers) unsubscribe();
    expect(bus.listenerCount('SessionsEnded')).toBe(0);
  });

  it('delivers to every listener even when one throws', () => {
    const errors: unknown[] = [];
    const bus = new EventBus((error) => errors.push(error));
    const seen: string[][] = [];
    bus.subscribe('SessionsEnded', () => {
      throw new Error('faulty listener');
    });
    bus.subscribe('SessionsEnded', ({ sessionIds }) => seen.push(sessionIds));
    bus.publish('SessionsEnded', { sessionIds: ['s1'], reason: 'logout' });
    expect(seen).toEqual([['s1']]);
    expect(errors).toHaveLength(1);
  });
});
