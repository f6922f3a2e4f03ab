import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CameraTimeline } from '@homecam/shared';
import { Timeline, type TimelineProps } from './Timeline';

vi.mock('react-i18next', () => ({ useTranslation: () => ({ t: (key: string) => key, i18n: { language: 'en' } }) }));

const T0 = Date.UTC(2026, 10, 28, 10, 0, 0);
const HOUR = 3_600_000;
const WIDTH = 1000;
const window = { start: T0, end: T0 + HOUR };
const bounds = { start: T0 - 24 * HOUR, end: T0 + HOUR };

const yard: CameraTimeline = {
  camera: 'Yard',
  spans: [
    { start: T0, end: T0 + 20 * 60_000 },
    { start: T0 + 30 * 60_000, end: T0 + HOUR },
  ],
  gaps: [{ start: T0 + 20 * 60_000, end: T0 + 30 * 60_000 }],
  motion: [0, 40, 100, 0],
  events: [{ id: 'r1', start: T0 + 45 * 60_000, end: T0 + 46 * 60_000, label: 'person', labels: ['person'], trigger: 'motion', type: 'Video' }],
  reviewItems: [],
};

function renderTimeline(patch: Partial<TimelineProps> = {}) {
  const props: TimelineProps = {
    cameras: ['Yard'],
    byCamera: new Map([['Yard', yard]]),
    from: T0,
    bucketMs: 15 * 60_000,
    window,
    bounds,
    onWindow: vi.fn(),
    activeCamera: 'Yard',
    playhead: T0 + 10 * 60_000,
    onSeek: vi.fn(),
    onKeyAction: vi.fn(),
    ...patch,
  };
  render(<Timeline {...props} />);
  return props;
}

const surface = () => screen.getByTestId('timeline-surface');
const row = () => screen.getByTestId('timeline-row');

beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({ x: 0, y: 0, left: 0, top: 0, right: WIDTH, bottom: 40, width: WIDTH, height: 40, toJSON: () => ({}) });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('<Timeline>', () => {
  it('draws footage, gaps, motion and event marks where they happened', () => {
    renderTimeline();
    expect(screen.getAllByTestId('timeline-span')).toHaveLength(2);
    const [gap] = screen.getAllByTestId('timeline-gap');
    expect(Number(gap!.getAttribute('x'))).toBeCloseTo((20 / 60) * WIDTH, 3);
    expect(Number(gap!.getAttribute('width'))).toBeCloseTo((10 / 60) * WIDTH, 3);
    const [marker] = screen.getAllByTestId('timeline-marker');
    expect(marker!.getAttribute('data-kind')).toBe('object');
    expect(marker!.getAttribute('d')).toContain(`M${(45 / 60) * WIDTH - 4},0`);
    expect(screen.getByTestId('timeline-playhead').style.left).toBe(`${(10 / 60) * WIDTH}px`);
  });

  it('drag scrubs with a preview of the instant under the pointer and seeks where it is let go', () => {
    const props = renderTimeline();
    fireEvent.pointerDown(row(), { pointerId: 1, pointerType: 'mouse', button: 0, clientX: 100 });
    fireEvent.pointerMove(surface(), { pointerId: 1, pointerType: 'mouse', clientX: 250 });
    const preview = screen.getByTestId('scrub-preview');
    expect(Number(preview.getAttribute('data-at'))).toBe(T0 + HOUR / 4);
    expect(props.onSeek).not.toHaveBeenCalled();
    fireEvent.pointerUp(surface(), { pointerId: 1, pointerType: 'mouse', clientX: 600 });
    expect(props.onSeek).toHaveBeenCalledWith('Yard', T0 + 0.6 * HOUR);
  });

  it('a tap near an event mark plays that event from its start', () => {
    const props = renderTimeline();
    const x = (45 / 60) * WIDTH + 5;
    fireEvent.pointerDown(row(), { pointerId: 2, pointerType: 'touch', clientX: x });
    fireEvent.pointerUp(surface(), { pointerId: 2, pointerType: 'touch', clientX: x });
    expect(props.onSeek).toHaveBeenCalledWith('Yard', T0 + 45 * 60_000);
    // a finger's scrub leaves no hover preview behind
    expect(screen.queryByTestId('scrub-preview')).toBeNull();
  });

  it('two fingers pinch to zoom instead of seeking', () => {
    const props = renderTimeline();
    fireEvent.pointerDown(row(), { pointerId: 1, pointerType: 'touch', clientX: 400 });
    fireEvent.pointerDown(row(), { pointerId: 2, pointerType: 'touch', clientX: 600 });
    fireEvent.pointerMove(surface(), { pointerId: 2, pointerType: 'touch', clientX: 800 });
    fireEvent.pointerUp(surface(), { pointerId: 2, pointerType: 'touch', clientX: 800 });
    fireEvent.pointerUp(surface(), { pointerId: 1, pointerType: 'touch', clientX: 400 });
    expect(props.onSeek).not.toHaveBeenCalled();
    const zoomed = vi.mocked(props.onWindow).mock.lastCall![0];
    // fingers twice as far apart: half the length
    expect(zoomed.end - zoomed.start).toBeCloseTo(HOUR / 2, -3);
  });

  it('keys seek the play head, zoom around it, and hand player keys on', () => {
    const props = renderTimeline();
    fireEvent.keyDown(surface(), { key: 'ArrowRight' });
    expect(props.onSeek).toHaveBeenCalledWith('Yard', T0 + 10 * 60_000 + HOUR / 50);
    fireEvent.keyDown(surface(), { key: '+' });
    const zoomed = vi.mocked(props.onWindow).mock.lastCall![0];
    expect(zoomed.end - zoomed.start).toBe(HOUR / 2);
    expect(zoomed.start).toBeLessThan(T0 + 10 * 60_000);
    expect(zoomed.end).toBeGreaterThan(T0 + 10 * 60_000);
    fireEvent.keyDown(surface(), { key: 'n' });
    expect(props.onKeyAction).toHaveBeenCalledWith({ type: 'event', direction: 1 });
    fireEvent.keyDown(surface(), { key: 'x' });
    expect(props.onKeyAction).toHaveBeenCalledTimes(1);
  });

  it('in export mode a drag marks the range and does not seek', () => {
    const onSelect = vi.fn();
    const props = renderTimeline({ selection: { start: T0, end: T0 + 90_000 }, onSelect });
    expect(screen.getByTestId('timeline-selection')).toBeTruthy();
    fireEvent.pointerDown(row(), { pointerId: 1, pointerType: 'mouse', button: 0, clientX: 500 });
    fireEvent.pointerMove(surface(), { pointerId: 1, pointerType: 'mouse', clientX: 300 });
    fireEvent.pointerUp(surface(), { pointerId: 1, pointerType: 'mouse', clientX: 300 });
    expect(onSelect).toHaveBeenLastCalledWith({ start: T0 + 0.3 * HOUR, end: T0 + 0.5 * HOUR });
    expect(props.onSeek).not.toHaveBeenCalled();
  });
});
