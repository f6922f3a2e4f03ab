import { RecordingsSettingsView } from '../views/settings/EventSettingsViews';

export function RecordingsSettingsPage() {
  return <RecordingsSettingsView />;
}
