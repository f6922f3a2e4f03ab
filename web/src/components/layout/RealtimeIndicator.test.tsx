import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RealtimeIndicator } from './RealtimeIndicator';

vi.mock('react-i18next', () => ({ useTranslation: () => ({ t: (key: string) => key }) }));

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('<RealtimeIndicator>', () => {
  it('says nothing about a short drop, and shows a longer one until the socket is back', () => {
    const { rerender } = render(<RealtimeIndicator status="reconnecting" />);
    act(() => {
      vi.advanceTimersByTime(1500);
    });
    expect(screen.queryByTestId('realtime-reconnecting')).toBeNull();
    act(() => {
      vi.advanceTimersByTime(600);
    });
    expect(screen.getByTestId('realtime-reconnecting').textContent).toContain('realtime.reconnecting');

    rerender(<RealtimeIndicator status="connected" />);
    expect(screen.queryByTestId('realtime-reconnecting')).toBeNull();

    // A new drop starts its grace period afresh.
    rerender(<RealtimeIndicator status="reconnecting" />);
    expect(screen.queryByTestId('realtime-reconnecting')).toBeNull();
  });

  it('never shows while connecting for the first time or signed out', () => {
    const { rerender } = render(<RealtimeIndicator status="connecting" />);
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(screen.queryByTestId('realtime-reconnecting')).toBeNull();
    rerender(<RealtimeIndicator status="off" />);
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(screen.queryByTestId('realtime-reconnecting')).toBeNull();
  });
});
