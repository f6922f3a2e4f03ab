import { PlaceholderView } from '../views/PlaceholderView';

export function BackupSettingsPage() {
  return <PlaceholderView routeKey="settings-backup" />;
}
