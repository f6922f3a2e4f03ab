import { InterfaceSettingsView } from '../views/settings/InterfaceSettingsView';

export function InterfaceSettingsPage() {
  return <InterfaceSettingsView />;
}
