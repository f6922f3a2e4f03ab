import { PlaceholderView } from '../views/PlaceholderView';

export function NotificationsPage() {
  return <PlaceholderView routeKey="notifications" />;
}
