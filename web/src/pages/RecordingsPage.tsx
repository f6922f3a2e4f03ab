import { PlaceholderView } from '../views/PlaceholderView';

export function RecordingsPage() {
  return <PlaceholderView routeKey="recordings" />;
}
