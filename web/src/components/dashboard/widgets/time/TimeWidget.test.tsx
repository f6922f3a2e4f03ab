import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatClockTime, handAngles } from './time-format';
import { TimeWidget } from './TimeWidget';

vi.mock('react-i18next', () => ({ useTranslation: () => ({ t: (key: string) => key, i18n: { language: 'en-GB' } }) }));

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date(2026, 10, 24, 15, 4, 5));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('<TimeWidget>', () => {
  it('shows the digital time (24 h, seconds) and the date, and ticks', () => {
    render(<TimeWidget id="t" locked={false} settings={{ mode: 'digital', hour12: false, seconds: true }} />);
    expect(screen.getByTestId('time-digital').textContent).toBe('15:04:05');
    expect(screen.getByTestId('time-date').textContent).toMatch(/^Tuesday,? 24 November 2026$/);
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.getByTestId('time-digital').textContent).toBe('15:04:06');
  });

  it('12-hour clock without seconds', () => {
    render(<TimeWidget id="t" locked={false} settings={{ mode: 'digital', hour12: true, seconds: false }} />);
    expect(screen.getByTestId('time-digital').textContent?.toLowerCase()).toMatch(/^03:04\s?pm$/);
  });

  it('the analog clock points its hands at the time', () => {
    render(<TimeWidget id="t" locked={false} settings={{ mode: 'analog', hour12: false, seconds: true }} />);
    const svg = screen.getByTestId('time-analog');
    expect(svg.getAttribute('aria-label')).toBe('15:04:05');
    const rotations = [...svg.querySelectorAll('line')].slice(12).map((line) => line.getAttribute('transform'));
    const angles = handAngles(new Date(2026, 10, 24, 15, 4, 5));
    expect(rotations).toEqual([`rotate(${angles.hour} 50 50)`, `rotate(${angles.minute} 50 50)`, 'rotate(30 50 50)']);
    expect(screen.queryByTestId('time-digital')).toBeNull();
  });
});

describe('time-format', () => {
  it('formats in the given language', () => {
    expect(formatClockTime(new Date(2026, 0, 1, 9, 5, 0), 'de', { hour12: false, seconds: false })).toBe('09:05');
  });

  it('hand angles at 3:30', () => {
    expect(handAngles(new Date(2026, 0, 1, 3, 30, 0))).toEqual({ hour: 105, minute: 180, second: 0 });
  });
});
