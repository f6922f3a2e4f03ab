import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addToast, MAX_TOASTS, toastDuration, toastPosition } from './toast-rules';
import { createToastStore } from './toast-store';

describe('toast rules (spec §9)', () => {
  it('keeps at most one toast, the newest', () => {
    expect(MAX_TOASTS).toBe(1);
    const queue = addToast(addToast([], { id: 1, type: 'info', message: 'old' }), { id: 2, type: 'error', message: 'new' });
    expect(queue).toEqual([{ id: 2, type: 'error', message: 'new' }]);
  });

  it('places info top-center and everything else bottom-right', () => {
    expect(toastPosition('info')).toBe('top-center');
    for (const type of ['default', 'success', 'error', 'warning'] as const) expect(toastPosition(type)).toBe('bottom-right');
  });

  it('lasts 3 s for success, error and warning, 5 s for info, and forever for the default type', () => {
    expect(toastDuration('success')).toBe(3000);
    expect(toastDuration('error')).toBe(3000);
    expect(toastDuration('warning')).toBe(3000);
    expect(toastDuration('info')).toBe(5000);
    expect(toastDuration('default')).toBeNull();
  });
});

describe('toast store', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('closes an error toast after 3 s', () => {
    const store = createToastStore();
    store.show('error', 'boom');
    vi.advanceTimersByTime(2999);
    expect(store.getSnapshot()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.getSnapshot()).toHaveLength(0);
  });

  it('closes an info toast after 5 s', () => {
    const store = createToastStore();
    store.show('info', 'hello');
    vi.advanceTimersByTime(4999);
    expect(store.getSnapshot()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.getSnapshot()).toHaveLength(0);
  });

  it('keeps a default toast until it is closed', () => {
    const store = createToastStore();
    const id = store.show('default', 'sticky');
    vi.advanceTimersByTime(60_000);
    expect(store.getSnapshot()).toHaveLength(1);
    store.dismiss(id);
    expect(store.getSnapshot()).toHaveLength(0);
  });

  it('replaces the shown toast, and the replaced one cannot close the new one early', () => {
    const store = createToastStore();
    store.show('success', 'first');
    vi.advanceTimersByTime(2000);
    store.show('default', 'second');
    vi.advanceTimersByTime(5000);
    expect(store.getSnapshot().map((toast) => toast.message)).toEqual(['second']);
  });

  it('tells subscribers about every change', () => {
    const store = createToastStore();
    const listener = vi.fn();
    store.subscribe(listener);
    store.show('warning', 'careful');
    vi.advanceTimersByTime(3000);
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
