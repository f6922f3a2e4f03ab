import { NotificationsSettingsView } from '../views/settings/NotificationsSettingsView';

export function NotificationsSettingsPage() {
  return <NotificationsSettingsView />;
}
