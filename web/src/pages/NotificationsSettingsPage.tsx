import { PlaceholderView } from '../views/PlaceholderView';

export function NotificationsSettingsPage() {
  return <PlaceholderView routeKey="settings-notifications" />;
}
