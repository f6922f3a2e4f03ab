import { describe, expect, it } from 'vitest';
import { splitUptime, usedPercent } from './format';

describe('system formatting', () => {
  it('splits an uptime into days and a clock time', () => {
    expect(splitUptime(0)).toEqual({ days: 0, time: '00:00:00' });
    expect(splitUptime(3_725)).toEqual({ days: 0, time: '01:02:05' });
    expect(splitUptime(2 * 86_400 + 59)).toEqual({ days: 2, time: '00:00:59' });
  });

  it('gives the used share of a disk, or null when unknown', () => {
    expect(usedPercent(25, 100)).toBe(75);
    expect(usedPercent(null, 100)).toBeNull();
    expect(usedPercent(0, 0)).toBeNull();
  });
});
