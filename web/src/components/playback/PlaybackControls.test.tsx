import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FootageState } from '../../api/footage/footage-player';
import { PlaybackControls, type PlaybackControlsProps } from './PlaybackControls';

vi.mock('react-i18next', () => ({ useTranslation: () => ({ t: (key: string) => key, i18n: { language: 'en' } }) }));
afterEach(cleanup);

const playing: FootageState = { status: 'playing', position: Date.UTC(2026, 10, 28, 10, 0, 5), rate: 1, error: null, covered: { start: 0, end: 1 } };

function controls(patch: Partial<PlaybackControlsProps> = {}) {
  const props: PlaybackControlsProps = {
    state: playing, fullscreen: false, hasPreviousEvent: false, hasNextEvent: true,
    onTogglePlay: vi.fn(), onRate: vi.fn(), onFrame: vi.fn(), onEvent: vi.fn(), onToggleFullscreen: vi.fn(),
    ...patch,
  };
  render(<PlaybackControls {...props} />);
  return props;
}

describe('<PlaybackControls>', () => {
  it('offers 1×–8× with the current one pressed', () => {
    const props = controls({ state: { ...playing, rate: 2 } });
    expect(screen.getByTestId('playback-rate-2').getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByTestId('playback-rate-8'));
    expect(props.onRate).toHaveBeenCalledWith(8);
  });

  it('steps frames and events; an event button without an event is disabled', () => {
    const props = controls();
    fireEvent.click(screen.getByTestId('playback-frame-back'));
    fireEvent.click(screen.getByTestId('playback-next-event'));
    expect(props.onFrame).toHaveBeenCalledWith(-1);
    expect(props.onEvent).toHaveBeenCalledWith(1);
    expect(screen.getByTestId<HTMLButtonElement>('playback-previous-event').disabled).toBe(true);
  });

  it('shows pause while playing, and "live" only where there is a live view to go back to', () => {
    controls();
    expect(screen.getByTestId('playback-play').getAttribute('aria-label')).toBe('cameras:player.pause');
    expect(screen.queryByTestId('playback-live')).toBeNull();
    cleanup();
    const onLive = vi.fn();
    controls({ state: { ...playing, status: 'paused' }, onLive });
    expect(screen.getByTestId('playback-play').getAttribute('aria-label')).toBe('cameras:player.play');
    fireEvent.click(screen.getByTestId('playback-live'));
    expect(onLive).toHaveBeenCalled();
  });

  it('cannot play or step before a playlist is in', () => {
    controls({ state: { status: 'idle', position: null, rate: 1, error: null, covered: null } });
    expect(screen.getByTestId<HTMLButtonElement>('playback-play').disabled).toBe(true);
    expect(screen.getByTestId<HTMLButtonElement>('playback-frame-forward').disabled).toBe(true);
  });
});
