import { PlaceholderView } from '../views/PlaceholderView';

export function PluginsPage() {
  return <PlaceholderView routeKey="plugins" />;
}
