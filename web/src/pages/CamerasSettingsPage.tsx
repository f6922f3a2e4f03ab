import { CamerasSettingsView } from '../views/settings/CamerasSettingsView';

export function CamerasSettingsPage() {
  return <CamerasSettingsView />;
}
