import { PlaceholderView } from '../views/PlaceholderView';

export function ConfigPage() {
  return <PlaceholderView routeKey="config" />;
}
