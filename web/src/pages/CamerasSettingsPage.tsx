import { PlaceholderView } from '../views/PlaceholderView';

export function CamerasSettingsPage() {
  return <PlaceholderView routeKey="settings-cameras" />;
}
