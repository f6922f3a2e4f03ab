import type { LogEntry } from '@homecam/shared';

/**
 * What a console view holds: the shown entries (at most `max`, oldest dropped first) and, while paused, the
 * entries that arrived meanwhile (counted in the toolbar, shown on resume).
 */
export interface LogBufferState {
  entries: LogEntry[];
  held: LogEntry[];
  paused: boolean;
}

export type LogBufferAction =
  | { type: 'loaded'; entries: LogEntry[]; max: number }
  | { type: 'received'; entries: LogEntry[]; max: number }
  | { type: 'pause' }
  | { type: 'resume'; max: number }
  | { type: 'clear' };

export const initialLogBuffer: LogBufferState = { entries: [], held: [], paused: false };

const newest = (entries: LogEntry[], max: number): LogEntry[] => (entries.length > max ? entries.slice(entries.length - max) : entries);

const keyOf = (entry: LogEntry): string => `${entry.seq}|${entry.time}`;

/**
 * The entries of a batch not already held: the server sends a batch up to 100 ms after logging, so its first
 * entries may be in the backlog fetched meanwhile. Only then (a seq not above the last one) is a set built; a
 * restarted server's entries have other times, so they are kept.
 */
function unseen(have: readonly LogEntry[], batch: LogEntry[]): LogEntry[] {
  const last = have.at(-1);
  const first = batch[0];
  if (!last || !first || first.seq > last.seq) return batch;
  const keys = new Set(have.map(keyOf));
  return batch.filter((entry) => !keys.has(keyOf(entry)));
}

/**
 * The backlog (GET /api/system/log) arrives after the socket may already have delivered newer entries: merged by
 * `seq`, each entry once. Live entries are appended as they come (a restarted server starts `seq` again at 1).
 */
export function logBufferReducer(state: LogBufferState, action: LogBufferAction): LogBufferState {
  switch (action.type) {
    case 'loaded': {
      const live = new Set(state.entries.map(keyOf));
      const older = action.entries.filter((entry) => !live.has(keyOf(entry)));
      return { ...state, entries: newest([...older, ...state.entries].sort((a, b) => a.seq - b.seq), action.max) };
    }
    case 'received':
      if (state.paused) return { ...state, held: newest([...state.held, ...unseen([...state.entries, ...state.held], action.entries)], action.max) };
      return { ...state, entries: newest([...state.entries, ...unseen(state.entries, action.entries)], action.max) };
    case 'pause':
      return { ...state, paused: true };
    case 'resume':
      return { entries: newest([...state.entries, ...state.held], action.max), held: [], paused: false };
    case 'clear':
      return { ...state, entries: [], held: [] };
  }
}
