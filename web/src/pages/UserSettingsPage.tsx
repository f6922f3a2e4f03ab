import { UserSettingsView } from '../views/settings/UserSettingsView';

export function UserSettingsPage() {
  return <UserSettingsView />;
}
