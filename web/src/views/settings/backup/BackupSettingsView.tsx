import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/layout/PageTitle';
import { useHasAnyPermission } from '../../../hooks/use-permissions';
import { AutomaticBackupsCard } from './AutomaticBackupsCard';
import { DownloadCard } from './DownloadCard';
import { RestoreCard } from './RestoreCard';

/** /settings/backup: download and the daily copies with backup:download, restore with backup:restore. */
export function BackupSettingsView() {
  const { t } = useTranslation();
  const canDownload = useHasAnyPermission(['backup:download']);
  const canRestore = useHasAnyPermission(['backup:restore']);
  return (
    <>
      <PageTitle>{t('routes.settingsBackup')}</PageTitle>
      <div className="flex flex-col gap-4" data-testid="backup-settings">
        {canDownload ? <DownloadCard /> : null}
        {canRestore ? <RestoreCard /> : null}
        {canDownload ? <AutomaticBackupsCard /> : null}
      </div>
    </>
  );
}
