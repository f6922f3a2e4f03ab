import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryStatus } from '../../../layout/QueryStatus';
import { BYTE_INCREMENTS, formatBytes, formatPercent } from '../../../utilization/format';
import { TimeChart } from '../../../utilization/TimeChart';
import { useMetrics } from '../../../../hooks/use-metrics';
import type { WidgetProps } from '../../widget-types';
import { lastMinutes, type UtilizationWidgetSettings } from './settings';

/** The small CPU and/or memory chart of the last few minutes, live like the Utilization page. */
export default function UtilizationWidgetChart({ settings }: WidgetProps<UtilizationWidgetSettings>) {
  const { t, i18n } = useTranslation();
  const { query, view } = useMetrics();
  const samples = lastMinutes(view?.samples ?? [], settings.minutes);
  const times = samples.map((s) => s.t);
  const cpu = settings.series !== 'memory';
  const memory = settings.series !== 'cpu';
  const height = cpu && memory ? 52 : 130;
  const last = samples.at(-1);
  const lang = i18n.language;
  return (
    <div className="flex h-full min-w-0 flex-col gap-1 overflow-hidden" data-testid="utilization-widget">
      <QueryStatus query={query} />
      {view && cpu ? (
        <p className="shrink-0 truncate text-xs text-foreground-muted tabular-nums" data-testid="utilization-widget-cpu-now">
          {t('utilization:widget.cpuNow', { system: formatPercent(last?.cpuSystem ?? null, lang), homecam: formatPercent(last?.cpuHomecam ?? null, lang) })}
        </p>
      ) : null}
      {view && cpu ? (
        <TimeChart
          label={t('utilization:cpu.title')}
          testId="utilization-widget-cpu"
          height={height}
          compact
          times={times}
          left={{ format: (value) => formatPercent(value, i18n.language), range: [0, 100] }}
          series={[
            { label: t('utilization:cpu.system'), color: 'info', values: samples.map((s) => s.cpuSystem), fill: true },
            { label: t('utilization:cpu.homecam'), color: 'primary', values: samples.map((s) => s.cpuHomecam), fill: true },
          ]}
        />
      ) : null}
      {view && memory ? (
        <p className="shrink-0 truncate text-xs text-foreground-muted tabular-nums" data-testid="utilization-widget-memory-now">
          {t('utilization:widget.memoryNow', { used: formatBytes(last?.memUsedBytes ?? null, lang), homecam: formatBytes(last?.memHomecamBytes ?? null, lang) })}
        </p>
      ) : null}
      {view && memory ? (
        <TimeChart
          label={t('utilization:memory.title')}
          testId="utilization-widget-memory"
          height={height}
          compact
          times={times}
          left={{ format: (value) => formatBytes(value, i18n.language), incrs: BYTE_INCREMENTS }}
          series={[
            { label: t('utilization:memory.used'), color: 'info', values: samples.map((s) => s.memUsedBytes), fill: true },
            { label: t('utilization:memory.homecam'), color: 'primary', values: samples.map((s) => s.memHomecamBytes), fill: true },
          ]}
        />
      ) : null}
      <Link to="/utilization" className="shrink-0 text-sm text-primary hover:underline">
        {t('utilization:widget.open')}
      </Link>
    </div>
  );
}
