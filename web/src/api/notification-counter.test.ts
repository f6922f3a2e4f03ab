import { describe, expect, it, vi } from 'vitest';
import { createNotificationCounter } from './notification-counter';

describe('notification counter (spec §4)', () => {
  it('counts up on notification / increaseNotification', () => {
    const counter = createNotificationCounter();
    counter.increase();
    counter.increase();
    expect(counter.getSnapshot()).toBe(2);
  });

  it('counts down on removeNotification and drops to 0 when all were removed (id null)', () => {
    const counter = createNotificationCounter();
    counter.set(5);
    counter.remove('n1');
    expect(counter.getSnapshot()).toBe(4);
    counter.remove(null);
    expect(counter.getSnapshot()).toBe(0);
  });

  it('takes the server size as it is, never below 0', () => {
    const counter = createNotificationCounter();
    counter.set(150);
    expect(counter.getSnapshot()).toBe(150);
    counter.set(0);
    counter.remove('late');
    expect(counter.getSnapshot()).toBe(0);
    counter.set(-4);
    expect(counter.getSnapshot()).toBe(0);
  });

  it('notifies subscribers only on a real change', () => {
    const counter = createNotificationCounter();
    const listener = vi.fn();
    const unsubscribe = counter.subscribe(listener);
    counter.set(0);
    counter.increase();
    unsubscribe();
    counter.increase();
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
