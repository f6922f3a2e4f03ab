import type { LogEntry } from '@homecam/shared';
import { describe, expect, it } from 'vitest';
import { initialLogBuffer, logBufferReducer, type LogBufferAction, type LogBufferState } from './log-buffer';

const entry = (seq: number): LogEntry => ({ seq, time: new Date(1_700_000_000_000 + seq).toISOString(), level: 'info', source: 'system', message: `m${seq}` });
const run = (actions: LogBufferAction[], from: LogBufferState = initialLogBuffer) => actions.reduce(logBufferReducer, from);
const seqs = (entries: LogEntry[]) => entries.map((e) => e.seq);

describe('log buffer', () => {
  it('merges the backlog with live entries that came first, each once, in order', () => {
    const state = run([
      { type: 'received', entries: [entry(5), entry(6)], max: 100 },
      { type: 'loaded', entries: [entry(3), entry(4), entry(5)], max: 100 },
    ]);
    expect(seqs(state.entries)).toEqual([3, 4, 5, 6]);
  });

  it('drops the entries of a late batch that the backlog already brought', () => {
    const state = run([
      { type: 'loaded', entries: [entry(1), entry(2), entry(3)], max: 100 },
      { type: 'received', entries: [entry(3), entry(4)], max: 100 },
    ]);
    expect(seqs(state.entries)).toEqual([1, 2, 3, 4]);
  });

  it('keeps at most max entries, dropping the oldest', () => {
    const state = run([{ type: 'received', entries: [1, 2, 3, 4, 5].map(entry), max: 3 }]);
    expect(seqs(state.entries)).toEqual([3, 4, 5]);
  });

  it('holds new entries while paused and shows them on resume', () => {
    const paused = run([{ type: 'received', entries: [entry(1)], max: 10 }, { type: 'pause' }, { type: 'received', entries: [entry(2), entry(3)], max: 10 }]);
    expect(seqs(paused.entries)).toEqual([1]);
    expect(paused.held).toHaveLength(2);
    const resumed = run([{ type: 'resume', max: 10 }], paused);
    expect(seqs(resumed.entries)).toEqual([1, 2, 3]);
    expect(resumed.held).toEqual([]);
    expect(resumed.paused).toBe(false);
  });

  it('clears the view; later entries show again (also after a server restart restarts seq)', () => {
    const state = run([{ type: 'received', entries: [entry(7)], max: 10 }, { type: 'clear' }, { type: 'received', entries: [entry(1)], max: 10 }]);
    expect(seqs(state.entries)).toEqual([1]);
    const restarted = { ...entry(1), time: '2030-01-01T00:00:00.000Z' };
    expect(run([{ type: 'received', entries: [restarted], max: 10 }], state).entries).toEqual([entry(1), restarted]);
  });
});
