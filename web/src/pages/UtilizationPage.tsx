import { UtilizationView } from '../views/utilization/UtilizationView';

export function UtilizationPage() {
  return <UtilizationView />;
}
