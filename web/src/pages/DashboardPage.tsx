import { DashboardView } from '../views/dashboard/DashboardView';

export function DashboardPage() {
  return <DashboardView />;
}
