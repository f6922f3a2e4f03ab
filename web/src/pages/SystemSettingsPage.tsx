import { SystemSettingsView } from '../views/settings/system/SystemSettingsView';

export function SystemSettingsPage() {
  return <SystemSettingsView />;
}
