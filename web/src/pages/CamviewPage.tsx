import { PlaceholderView } from '../views/PlaceholderView';

export function CamviewPage() {
  return <PlaceholderView routeKey="camview" />;
}
