import { RecordingsSettingsView } from '../views/settings/RecordingsSettingsView';

export function RecordingsSettingsPage() {
  return <RecordingsSettingsView />;
}
