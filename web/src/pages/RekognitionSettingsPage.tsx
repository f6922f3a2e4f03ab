import { RekognitionSettingsView } from '../views/settings/RekognitionSettingsView';

export function RekognitionSettingsPage() {
  return <RekognitionSettingsView />;
}
