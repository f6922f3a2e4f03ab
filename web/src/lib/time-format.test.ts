import { describe, expect, it } from 'vitest';
import { formatLength, formatSpan, fromDateInput, fromLocalInput, toDateInput, toLocalInput } from './time-format';
import { timelineKeyAction } from './timeline-keys';

describe('time inputs', () => {
  it('round-trips local datetime-local values with seconds', () => {
    const t = new Date(2026, 10, 28, 9, 5, 7).getTime();
    expect(toLocalInput(t)).toBe('2026-11-28T09:05:07');
    expect(fromLocalInput('2026-11-28T09:05:07')).toBe(t);
    expect(fromLocalInput('2026-11-28T09:05')).toBe(t - 7_000);
    expect(fromLocalInput('yesterday')).toBeNull();
    expect(fromLocalInput('2026-11-28T09:05:07Z')).toBeNull();
  });

  it('round-trips dates as local midnight', () => {
    const midnight = new Date(2026, 0, 3).getTime();
    expect(toDateInput(midnight + 5 * 3_600_000)).toBe('2026-01-03');
    expect(fromDateInput('2026-01-03')).toBe(midnight);
    expect(fromDateInput('3.1.2026')).toBeNull();
  });

  it('writes lengths as m:ss and h:mm:ss', () => {
    expect(formatSpan(90_000)).toBe('1:30');
    expect(formatSpan(3_723_000)).toBe('1:02:03');
    expect(formatSpan(-5)).toBe('0:00');
  });
});

describe('timeline keys', () => {
  it('maps the keys of a video editor onto timeline actions', () => {
    expect(timelineKeyAction('ArrowRight', false)).toEqual({ type: 'seekBy', steps: 1 });
    expect(timelineKeyAction('ArrowLeft', true)).toEqual({ type: 'seekBy', steps: -10 });
    expect(timelineKeyAction('+', false)).toEqual({ type: 'zoom', factor: 0.5 });
    expect(timelineKeyAction('-', false)).toEqual({ type: 'zoom', factor: 2 });
    expect(timelineKeyAction(' ', false)).toEqual({ type: 'togglePlay' });
    expect(timelineKeyAction('.', false)).toEqual({ type: 'frame', direction: 1 });
    expect(timelineKeyAction('N', true)).toEqual({ type: 'event', direction: 1 });
    expect(timelineKeyAction('ArrowDown', false)).toEqual({ type: 'row', direction: 1 });
    expect(timelineKeyAction('End', false)).toEqual({ type: 'edge', edge: 'end' });
    expect(timelineKeyAction('x', false)).toBeNull();
  });
});

describe('window length', () => {
  it('says hours from two hours on, minutes below, in the language', () => {
    expect(formatLength(24 * 3_600_000, 'en')).toBe('24 hr');
    expect(formatLength(90 * 60_000, 'en')).toBe('90 min');
    expect(formatLength(2 * 60_000, 'de')).toBe('2 Min.');
  });
});
