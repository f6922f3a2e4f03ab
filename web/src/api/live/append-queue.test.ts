import { describe, expect, it, vi } from 'vitest';
import { AppendQueue, type BufferTarget } from './append-queue';

/** A SourceBuffer stand-in: `updating` until the test calls finish(). */
function fakeBuffer() {
  const listeners = new Set<() => void>();
  const calls: string[] = [];
  let quotaFailures = 0;
  const buffer = {
    updating: false,
    appendBuffer: vi.fn((data: ArrayBuffer) => {
      if (buffer.updating) throw new DOMException('busy', 'InvalidStateError');
      if (quotaFailures > 0) {
        quotaFailures -= 1;
        throw new DOMException('full', 'QuotaExceededError');
      }
      calls.push(`append ${data.byteLength}`);
      buffer.updating = true;
    }),
    remove: vi.fn((start: number, end: number) => {
      if (buffer.updating) throw new DOMException('busy', 'InvalidStateError');
      calls.push(`remove ${start}-${end}`);
      buffer.updating = true;
    }),
    addEventListener: (_type: 'updateend', listener: () => void) => void listeners.add(listener),
    removeEventListener: (_type: 'updateend', listener: () => void) => void listeners.delete(listener),
  };
  return {
    buffer: buffer satisfies BufferTarget,
    calls,
    failWithQuota: (times: number) => (quotaFailures = times),
    finish: () => {
      buffer.updating = false;
      listeners.forEach((listener) => listener());
    },
    listenerCount: () => listeners.size,
  };
}

const bytes = (n: number) => new ArrayBuffer(n);

describe('append queue', () => {
  it('never appends while the buffer is updating, and continues on updateend', () => {
    const fake = fakeBuffer();
    const onUpdated = vi.fn();
    const queue = new AppendQueue(fake.buffer, { onQuotaExceeded: () => null, onError: vi.fn(), onUpdated });
    queue.append(bytes(1));
    queue.append(bytes(2));
    queue.append(bytes(3));
    expect(fake.calls).toEqual(['append 1']);
    expect(queue.pending).toBe(2);
    fake.finish();
    expect(fake.calls).toEqual(['append 1', 'append 2']);
    fake.finish();
    fake.finish();
    expect(fake.calls).toEqual(['append 1', 'append 2', 'append 3']);
    expect(queue.pending).toBe(0);
    expect(onUpdated).toHaveBeenCalledTimes(3);
  });

  it('puts a removal ahead of waiting appends and keeps only one waiting', () => {
    const fake = fakeBuffer();
    const queue = new AppendQueue(fake.buffer, { onQuotaExceeded: () => null, onError: vi.fn() });
    queue.append(bytes(1));
    queue.append(bytes(2));
    queue.remove({ start: 0, end: 5 });
    queue.remove({ start: 0, end: 6 });
    fake.finish();
    fake.finish();
    expect(fake.calls).toEqual(['append 1', 'remove 0-5', 'append 2']);
  });

  it('ignores empty removals', () => {
    const fake = fakeBuffer();
    const queue = new AppendQueue(fake.buffer, { onQuotaExceeded: () => null, onError: vi.fn() });
    queue.remove({ start: 5, end: 5 });
    expect(fake.calls).toEqual([]);
  });

  it('trims on QuotaExceeded and retries the same fragment', () => {
    const fake = fakeBuffer();
    const onQuotaExceeded = vi.fn(() => ({ start: 0, end: 8 }));
    const queue = new AppendQueue(fake.buffer, { onQuotaExceeded, onError: vi.fn() });
    fake.failWithQuota(1);
    queue.append(bytes(7));
    expect(fake.calls).toEqual(['remove 0-8']);
    fake.finish();
    expect(fake.calls).toEqual(['remove 0-8', 'append 7']);
    expect(onQuotaExceeded).toHaveBeenCalledTimes(1);
  });

  it('reports an error it cannot fix and stops', () => {
    const fake = fakeBuffer();
    const onError = vi.fn();
    const queue = new AppendQueue(fake.buffer, { onQuotaExceeded: () => null, onError });
    fake.failWithQuota(1);
    queue.append(bytes(1));
    queue.append(bytes(2));
    expect(onError).toHaveBeenCalledTimes(1);
    expect(fake.listenerCount()).toBe(0);
    expect(fake.calls).toEqual([]);
  });

  it('does nothing after dispose', () => {
    const fake = fakeBuffer();
    const queue = new AppendQueue(fake.buffer, { onQuotaExceeded: () => null, onError: vi.fn() });
    queue.dispose();
    queue.append(bytes(1));
    expect(fake.calls).toEqual([]);
  });
});
