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

/**
 * The backlog (GET /api/system/log) arrives after the socket may already have delivered newer entries: merged by
 * `seq`, each entry once. Live entries are appended as they come (a restarted server starts `seq` again at 1).
 */
export function logBufferReducer(state: LogBufferState, action: LogBufferAction): LogBufferState {
  switch (action.type) {
    case 'loaded': {
      const live = new Set(state.entries.map((entry) => entry.seq));
      const older = action.entries.filter((entry) => !live.has(entry.seq));
      return { ...state, entries: newest([...older, ...state.entries].sort((a, b) => a.seq - b.seq), action.max) };
    }
    case 'received':
      if (state.paused) return { ...state, held: newest([...state.held, ...action.entries], action.max) };
      return { ...state, entries: newest([...state.entries, ...action.entries], action.max) };
    case 'pause':
      return { ...state, paused: true };
    case 'resume':
      return { entries: newest([...state.entries, ...state.held], action.max), held: [], paused: false };
    case 'clear':
      return { ...state, entries: [], held: [] };
  }
}
