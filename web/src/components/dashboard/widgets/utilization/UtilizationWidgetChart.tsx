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
  const height = cpu && memory ? 100 : 140;
  return (
    <div className="flex h-full min-w-0 flex-col gap-2" data-testid="utilization-widget">
      <QueryStatus query={query} />
      {view && cpu ? (
        <TimeChart
          label={t('utilization:cpu.title')}
          testId="utilization-widget-cpu"
          height={height}
          times={times}
          left={{ format: (value) => formatPercent(value, i18n.language), range: [0, 100] }}
          series={[
            { label: t('utilization:cpu.system'), color: 'info', values: samples.map((s) => s.cpuSystem), fill: true },
            { label: t('utilization:cpu.homecam'), color: 'primary', values: samples.map((s) => s.cpuHomecam), fill: true },
          ]}
        />
      ) : null}
      {view && memory ? (
        <TimeChart
          label={t('utilization:memory.title')}
          testId="utilization-widget-memory"
          height={height}
          times={times}
          left={{ format: (value) => formatBytes(value, i18n.language), incrs: BYTE_INCREMENTS }}
          series={[
            { label: t('utilization:memory.used'), color: 'info', values: samples.map((s) => s.memUsedBytes), fill: true },
            { label: t('utilization:memory.homecam'), color: 'primary', values: samples.map((s) => s.memHomecamBytes), fill: true },
          ]}
        />
      ) : null}
      <Link to="/utilization" className="text-sm text-primary hover:underline">
        {t('utilization:widget.open')}
      </Link>
    </div>
  );
}
