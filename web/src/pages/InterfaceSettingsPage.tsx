import { PlaceholderView } from '../views/PlaceholderView';

export function InterfaceSettingsPage() {
  return <PlaceholderView routeKey="settings-interface" />;
}
