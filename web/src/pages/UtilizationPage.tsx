import { PlaceholderView } from '../views/PlaceholderView';

export function UtilizationPage() {
  return <PlaceholderView routeKey="utilization" />;
}
