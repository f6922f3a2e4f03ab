import { PlaceholderView } from '../views/PlaceholderView';

export function RecordingsSettingsPage() {
  return <PlaceholderView routeKey="settings-recordings" />;
}
