import { PlaceholderView } from '../views/PlaceholderView';

export function RekognitionSettingsPage() {
  return <PlaceholderView routeKey="settings-rekognition" />;
}
