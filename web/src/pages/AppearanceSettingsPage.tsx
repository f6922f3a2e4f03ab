import { AppearanceSettingsView } from '../views/settings/AppearanceSettingsView';

export function AppearanceSettingsPage() {
  return <AppearanceSettingsView />;
}
