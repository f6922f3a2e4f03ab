import { AccountSettingsView } from '../views/settings/AccountSettingsView';

export function AccountSettingsPage() {
  return <AccountSettingsView />;
}
