import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { MetricsSample } from '@homecam/shared';
import { Card } from '../ui/Card';
import { BYTE_INCREMENTS, formatByteRate, formatBytes, formatCelsius, formatPercent } from './format';
import { TimeChart } from './TimeChart';

interface ChartsProps {
  samples: MetricsSample[];
  cores: number | null;
}

function ChartCard({ title, now, children, testId }: { title: string; now: ReactNode; children: ReactNode; testId: string }) {
  return (
    <Card title={title} className="min-w-0">
      <p className="mb-3 text-sm text-foreground-muted tabular-nums" data-testid={`${testId}-now`}>
        {now}
      </p>
      {children}
    </Card>
  );
}

const pick = <T,>(samples: MetricsSample[], get: (s: MetricsSample) => T) => samples.map(get);

export function CpuChart({ samples, cores }: ChartsProps) {
  const { t, i18n } = useTranslation();
  const last = samples.at(-1);
  const percent = (value: number) => formatPercent(value, i18n.language);
  return (
    <ChartCard
      title={t('utilization:cpu.title')}
      testId="utilization-cpu"
      now={t('utilization:cpu.now', { system: formatPercent(last?.cpuSystem ?? null, i18n.language), homecam: formatPercent(last?.cpuHomecam ?? null, i18n.language), cores: cores ?? '–' })}
    >
      <TimeChart
        label={t('utilization:cpu.title')}
        testId="utilization-chart-cpu"
        times={pick(samples, (s) => s.t)}
        left={{ format: percent, range: [0, 100] }}
        series={[
          { label: t('utilization:cpu.system'), color: 'info', values: pick(samples, (s) => s.cpuSystem), fill: true },
          { label: t('utilization:cpu.homecam'), color: 'primary', values: pick(samples, (s) => s.cpuHomecam), fill: true },
        ]}
      />
    </ChartCard>
  );
}

export function MemoryChart({ samples }: ChartsProps) {
  const { t, i18n } = useTranslation();
  const last = samples.at(-1);
  const bytes = (value: number) => formatBytes(value, i18n.language);
  return (
    <ChartCard
      title={t('utilization:memory.title')}
      testId="utilization-memory"
      now={t('utilization:memory.now', {
        used: formatBytes(last?.memUsedBytes ?? null, i18n.language),
        total: formatBytes(last?.memTotalBytes ?? null, i18n.language),
        homecam: formatBytes(last?.memHomecamBytes ?? null, i18n.language),
      })}
    >
      <TimeChart
        label={t('utilization:memory.title')}
        testId="utilization-chart-memory"
        times={pick(samples, (s) => s.t)}
        left={{ format: bytes, range: last?.memTotalBytes ? [0, last.memTotalBytes] : undefined, incrs: BYTE_INCREMENTS }}
        series={[
          { label: t('utilization:memory.used'), color: 'info', values: pick(samples, (s) => s.memUsedBytes), fill: true },
          { label: t('utilization:memory.homecam'), color: 'primary', values: pick(samples, (s) => s.memHomecamBytes), fill: true },
        ]}
      />
    </ChartCard>
  );
}

export function DiskChart({ samples }: ChartsProps) {
  const { t, i18n } = useTranslation();
  const last = samples.at(-1);
  const disk = last?.diskRecordings ?? null;
  return (
    <ChartCard
      title={t('utilization:disk.title')}
      testId="utilization-disk"
      now={t('utilization:disk.now', {
        size: formatBytes(last?.recordingsBytes ?? null, i18n.language),
        free: formatBytes(disk?.freeBytes ?? null, i18n.language),
        total: formatBytes(disk?.totalBytes ?? null, i18n.language),
      })}
    >
      <TimeChart
        label={t('utilization:disk.title')}
        testId="utilization-chart-disk"
        times={pick(samples, (s) => s.t)}
        left={{ format: (value) => formatPercent(value, i18n.language), range: [0, 100] }}
        right={{ format: (value) => formatBytes(value, i18n.language), incrs: BYTE_INCREMENTS, emptyMax: 1024 ** 3 }}
        series={[
          { label: t('utilization:disk.data'), color: 'info', values: pick(samples, (s) => s.diskData?.usedPercent ?? null) },
          { label: t('utilization:disk.recordingsDisk'), color: 'warning', values: pick(samples, (s) => s.diskRecordings?.usedPercent ?? null) },
          { label: t('utilization:disk.recordings'), color: 'primary', values: pick(samples, (s) => s.recordingsBytes), right: true },
        ]}
      />
    </ChartCard>
  );
}

export function NetworkChart({ samples }: ChartsProps) {
  const { t, i18n } = useTranslation();
  const last = samples.at(-1);
  return (
    <ChartCard title={t('utilization:network.title')} testId="utilization-network" now={t('utilization:network.now', { rate: formatByteRate(last?.liveBytesPerSecond ?? null, i18n.language) })}>
      <TimeChart
        label={t('utilization:network.title')}
        testId="utilization-chart-network"
        times={pick(samples, (s) => s.t)}
        left={{ format: (value) => formatByteRate(value, i18n.language), emptyMax: 125_000 }}
        series={[{ label: t('utilization:network.series'), color: 'success', values: pick(samples, (s) => s.liveBytesPerSecond), fill: true }]}
      />
    </ChartCard>
  );
}

/** Only where the machine has a CPU sensor; otherwise a note says so (most VMs and containers have none). */
export function TemperatureChart({ samples }: ChartsProps) {
  const { t, i18n } = useTranslation();
  const last = samples.at(-1);
  const known = samples.some((s) => s.temperatureC !== null);
  if (!known) {
    return (
      <Card title={t('utilization:temperature.title')} className="min-w-0">
        <p className="text-sm text-foreground-muted" data-testid="utilization-temperature-none">
          {t('utilization:temperature.none')}
        </p>
      </Card>
    );
  }
  return (
    <ChartCard title={t('utilization:temperature.title')} testId="utilization-temperature" now={t('utilization:temperature.now', { value: formatCelsius(last?.temperatureC ?? null, i18n.language) })}>
      <TimeChart
        label={t('utilization:temperature.title')}
        testId="utilization-chart-temperature"
        times={pick(samples, (s) => s.t)}
        left={{ format: (value) => formatCelsius(value, i18n.language) }}
        series={[{ label: t('utilization:temperature.series'), color: 'danger', values: pick(samples, (s) => s.temperatureC) }]}
      />
    </ChartCard>
  );
}
