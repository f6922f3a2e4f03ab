import { PlaceholderView } from '../views/PlaceholderView';

export function ConsolePage() {
  return <PlaceholderView routeKey="console" />;
}
