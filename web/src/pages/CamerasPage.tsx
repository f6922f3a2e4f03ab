import { PlaceholderView } from '../views/PlaceholderView';

export function CamerasPage() {
  return <PlaceholderView routeKey="cameras" />;
}
