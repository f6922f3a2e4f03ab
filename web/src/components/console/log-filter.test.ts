import type { LogEntry } from '@homecam/shared';
import { describe, expect, it } from 'vitest';
import { cameraChips, EMPTY_FILTER, entryMatcher, toggleChip } from './log-filter';

const E = (over: Partial<LogEntry>): LogEntry => ({ seq: 1, time: '2026-01-01T00:00:00.000Z', level: 'info', source: 'system', message: 'hello', ...over });

describe('log filter', () => {
  it('shows everything without chips, text or level', () => {
    expect(entryMatcher(EMPTY_FILTER)(E({ level: 'trace' }))).toBe(true);
  });

  it('passes an entry matching any chip: a source or its camera', () => {
    const chips = toggleChip(toggleChip(EMPTY_FILTER.chips, 'source:mqtt'), 'camera:Door');
    const match = entryMatcher({ ...EMPTY_FILTER, chips });
    expect(match(E({ source: 'mqtt' }))).toBe(true);
    expect(match(E({ source: 'camera', camera: 'Door' }))).toBe(true);
    expect(match(E({ source: 'http' }))).toBe(false);
    expect(match(E({ source: 'camera', camera: 'Garage' }))).toBe(false);
    expect(toggleChip(chips, 'source:mqtt').has('source:mqtt')).toBe(false);
  });

  it('hides entries below the level and those without the text (any case)', () => {
    const match = entryMatcher({ ...EMPTY_FILTER, minLevel: 'warn', text: ' FAILED ' });
    expect(match(E({ level: 'error', message: 'upload failed' }))).toBe(true);
    expect(match(E({ level: 'info', message: 'upload failed' }))).toBe(false);
    expect(match(E({ level: 'error', message: 'all good' }))).toBe(false);
  });

  it('offers a chip per listed camera and per camera named in the log', () => {
    expect(cameraChips([E({ camera: 'Yard' }), E({ camera: 'Door' })], ['Door', 'Attic'])).toEqual(['Attic', 'Door', 'Yard']);
  });
});
