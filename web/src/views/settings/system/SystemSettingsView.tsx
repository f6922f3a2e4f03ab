import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/layout/PageTitle';
import { QueryStatus } from '../../../components/layout/QueryStatus';
import { useRestart, useSystemInfo } from '../../../hooks/use-system';
import { AtHomeCard } from '../AtHomeCard';
import { HomekitCard } from './HomekitCard';
import { LogLevelCard } from './LogLevelCard';
import { SecondFactorPolicyCard } from './SecondFactorPolicyCard';
import { RestartCard, RestartingPanel } from './RestartCard';
import { RuntimeCard, StorageCard, VersionCard } from './SystemInfoCards';

/** /settings/system (admin): versions, uptime, paths and disk space, log level, At Home, the second-factor policy, the HomeKit bridge, restart. */
export function SystemSettingsView() {
  const { t } = useTranslation();
  const info = useSystemInfo();
  const restart = useRestart(info.data?.startedAt);
  const away = restart.phase === 'requesting' || restart.phase === 'restarting';
  return (
    <>
      <PageTitle>{t('routes.settingsSystem')}</PageTitle>
      <div className="flex flex-col gap-4">
        <RestartingPanel phase={restart.phase} onDismiss={restart.dismiss} />
        {away ? null : <QueryStatus query={info} />}
        {info.data && !away ? (
          <>
            <div className="grid gap-4 lg:grid-cols-2">
              <VersionCard info={info.data} since={info.dataUpdatedAt} />
              <RuntimeCard info={info.data} />
              <StorageCard info={info.data} />
              <div className="flex flex-col gap-4">
                <LogLevelCard info={info.data} />
                <AtHomeCard />
                <SecondFactorPolicyCard />
              </div>
            </div>
            <HomekitCard />
            <RestartCard supervised={info.data.supervised} phase={restart.phase} error={restart.error} onRestart={restart.restart} />
          </>
        ) : null}
      </div>
    </>
  );
}
