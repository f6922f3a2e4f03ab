import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../ui/Spinner';
import type { WidgetProps } from '../../widget-types';
import type { UtilizationWidgetSettings } from './settings';

// uPlot comes with the chart only: the board's own chunk stays without it.
const UtilizationWidgetChart = lazy(() => import('./UtilizationWidgetChart'));

export function UtilizationWidget(props: WidgetProps<UtilizationWidgetSettings>) {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<Spinner label={t('layout.loading')} />}>
      <UtilizationWidgetChart {...props} />
    </Suspense>
  );
}
