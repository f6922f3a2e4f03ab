import { NotificationsSettingsView } from '../views/settings/EventSettingsViews';

export function NotificationsSettingsPage() {
  return <NotificationsSettingsView />;
}
