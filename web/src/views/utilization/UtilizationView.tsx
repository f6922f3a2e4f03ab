import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/layout/PageTitle';
import { QueryStatus } from '../../components/layout/QueryStatus';
import { Card } from '../../components/ui/Card';
import { CameraTable } from '../../components/utilization/CameraTable';
import { CpuChart, DiskChart, MemoryChart, NetworkChart, TemperatureChart } from '../../components/utilization/UtilizationCharts';
import { useMetrics } from '../../hooks/use-metrics';

/**
 * /utilization (admin): the last hour of the server's samples as charts, live from the socket, and the
 * per-stream table. The charts (uPlot) load with this page only.
 */
export function UtilizationView() {
  const { t } = useTranslation();
  const { query, view, cores, intervalMs } = useMetrics();
  return (
    <>
      <PageTitle subtitle={intervalMs ? t('utilization:subtitle', { seconds: intervalMs / 1000 }) : undefined}>{t('routes.utilization')}</PageTitle>
      <QueryStatus query={query} errorTestId="utilization-error" />
      {view ? (
        <div className="flex flex-col gap-4" data-testid="utilization">
          <div className="grid gap-4 lg:grid-cols-2">
            <CpuChart samples={view.samples} cores={cores} />
            <MemoryChart samples={view.samples} cores={cores} />
            <DiskChart samples={view.samples} cores={cores} />
            <NetworkChart samples={view.samples} cores={cores} />
            <TemperatureChart samples={view.samples} cores={cores} />
          </div>
          <Card title={t('utilization:cameras.title')}>
            <CameraTable cameras={view.cameras} />
          </Card>
        </div>
      ) : null}
    </>
  );
}
