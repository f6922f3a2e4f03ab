import { PlaceholderView } from '../views/PlaceholderView';

export function DashboardPage() {
  return <PlaceholderView routeKey="dashboard" />;
}
