import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { CameraMetrics, MetricsResponse, MetricsSample } from '@homecam/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mergeMetrics } from '../../hooks/use-metrics';
import { utilizationWidget } from '../dashboard/widgets/utilization';
import { lastMinutes } from '../dashboard/widgets/utilization/settings';
import { UtilizationWidgetSettingsForm } from '../dashboard/widgets/utilization/UtilizationWidgetSettings';
import { withAlpha } from './chart-colors';
import { CameraTable } from './CameraTable';
import { formatBitRate, formatByteRate, formatCelsius, formatPercent } from './format';

vi.mock('react-i18next', () => ({
  useTranslation: () => ({ t: (key: string, values?: Record<string, unknown>) => (values ? `${key} ${JSON.stringify(values)}` : key), i18n: { language: 'de' } }),
}));
afterEach(cleanup);

const sample = (t: number, cpu = 10): MetricsSample => ({
  t, cpuSystem: cpu, cpuHomecam: 1, memTotalBytes: 100, memUsedBytes: 50, memHomecamBytes: 5, processes: 2,
  diskData: null, diskRecordings: null, recordingsBytes: null, temperatureC: null, liveBytesPerSecond: 0,
});
const row = (camera: string, patch: Partial<CameraMetrics> = {}): CameraMetrics => ({
  camera, stream: 'main', state: 'streaming', pid: 42, cpu: 12.5, ingestBitsPerSecond: 2_500_000, viewers: 1, consumers: 3, droppedFragments: 7, reconnects: 2, ...patch,
});

describe('mergeMetrics (GET history + socket samples)', () => {
  const initial: MetricsResponse = { intervalMs: 5000, cores: 2, samples: [sample(1000), sample(6000)], cameras: [row('A')] };

  it('appends newer socket samples with their camera rows, skips ones the GET already had', () => {
    const view = mergeMetrics(initial, [
      { sample: sample(6000), cameras: [row('old')] },
      { sample: sample(11000), cameras: [row('B')] },
    ]);
    expect(view.samples.map((s) => s.t)).toEqual([1000, 6000, 11000]);
    expect(view.cameras.map((c) => c.camera)).toEqual(['B']);
    expect(mergeMetrics(initial, []).cameras.map((c) => c.camera)).toEqual(['A']);
  });

  it('keeps only the history window before the newest sample', () => {
    const view = mergeMetrics(initial, [{ sample: sample(20_000), cameras: [] }], 10_000);
    expect(view.samples.map((s) => s.t)).toEqual([20_000]);
  });
});

describe('utilization formats and colours', () => {
  it('formats units in the UI language', () => {
    expect(formatPercent(12.5, 'de')).toMatch(/^13\s%$/);
    expect(formatPercent(2.5, 'de')).toMatch(/^2,5\s%$/);
    expect(formatPercent(null, 'en')).toBe('–');
    expect(formatBitRate(2_500_000, 'de')).toMatch(/^2,5\sMb(it)?\/s$/);
    expect(formatByteRate(125_000, 'en')).toMatch(/^1\s?Mb(it)?\/s$|^1\s?Mbps$/);
    expect(formatCelsius(48.25, 'en')).toMatch(/48\.3.?°C/);
  });

  it('turns theme hex colours into area fills', () => {
    expect(withAlpha('#1d5fd6', 0.5)).toBe('rgba(29, 95, 214, 0.5)');
    expect(withAlpha('#fff', 1)).toBe('rgba(255, 255, 255, 1)');
    expect(withAlpha('rgb(1 2 3)', 1)).toBeUndefined();
  });
});

describe('<CameraTable>', () => {
  it('shows a row per stream with its numbers (and a card list for phones)', () => {
    render(<CameraTable cameras={[row('Yard'), row('Door', { stream: 'sub', cpu: null, state: 'idle' })]} />);
    const rows = screen.getAllByTestId('utilization-camera-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('13 %')).toBeTruthy();
    expect(rows[0]!.querySelector('[data-column="dropped"]')?.textContent).toBe('7');
    expect(rows[1]!.querySelector('[data-column="cpu"]')?.textContent).toBe('–');
    expect(rows[1]!.querySelector('[data-column="state"]')?.textContent).toBe('cameras:status.idle');
    expect(within(screen.getByTestId('utilization-camera-cards')).getAllByRole('listitem')).toHaveLength(2);
  });

  it('says so when there is no stream', () => {
    render(<CameraTable cameras={[]} />);
    expect(screen.getByTestId('utilization-cameras-empty')).toBeTruthy();
  });
});

describe('utilization widget', () => {
  it('is an admin widget whose stored settings are checked', () => {
    expect(utilizationWidget).toMatchObject({ type: 'utilization', access: 'admin' });
    expect(utilizationWidget.settingsSchema.safeParse(utilizationWidget.defaults).success).toBe(true);
    expect(utilizationWidget.settingsSchema.safeParse({ series: 'disk', minutes: 15 }).success).toBe(false);
    expect(utilizationWidget.settingsSchema.safeParse({ series: 'cpu', minutes: 7 }).success).toBe(false);
  });

  it('shows the last minutes only', () => {
    const samples = [sample(0), sample(60_000), sample(5 * 60_000), sample(6 * 60_000)];
    expect(lastMinutes(samples, 5).map((s) => s.t)).toEqual([60_000, 5 * 60_000, 6 * 60_000]);
    expect(lastMinutes([], 5)).toEqual([]);
  });

  it('saves a changed setting', () => {
    const onChange = vi.fn();
    render(<UtilizationWidgetSettingsForm settings={{ series: 'cpu', minutes: 15 }} onChange={onChange} />);
    fireEvent.change(screen.getByTestId('utilization-widget-minutes'), { target: { value: '60' } });
    expect(onChange).toHaveBeenLastCalledWith({ series: 'cpu', minutes: 60 });
    fireEvent.change(screen.getByTestId('utilization-widget-series'), { target: { value: 'both' } });
    expect(onChange).toHaveBeenLastCalledWith({ series: 'both', minutes: 15 });
  });
});
