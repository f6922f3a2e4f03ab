import { PlaceholderView } from '../views/PlaceholderView';

export function SystemSettingsPage() {
  return <PlaceholderView routeKey="settings-system" />;
}
