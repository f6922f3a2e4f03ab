import { BackupSettingsView } from '../views/settings/backup/BackupSettingsView';

export function BackupSettingsPage() {
  return <BackupSettingsView />;
}
