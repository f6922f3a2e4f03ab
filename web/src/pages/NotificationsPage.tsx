import { NotificationsView } from '../views/events/NotificationsView';

export function NotificationsPage() {
  return <NotificationsView />;
}
