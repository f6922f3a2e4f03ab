import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/layout/PageTitle';
import { PasskeysCard } from '../../components/settings/passkeys/PasskeysCard';
import { DevicesCard } from '../../components/settings/access/DevicesCard';
import { TokensCard } from '../../components/settings/access/TokensCard';
import { PasswordCard } from '../../components/settings/PasswordCard';
import { PermissionsCard } from '../../components/settings/PermissionsCard';
import { PushDeviceCard } from '../../components/settings/PushDeviceCard';
import { ProfilePhotoCard } from '../../components/settings/ProfilePhotoCard';
import { SessionTimerCard } from '../../components/settings/SessionTimerCard';
import { TwoFactorCard } from '../../components/settings/two-factor/TwoFactorCard';
import { UsernameCard } from '../../components/settings/UsernameCard';
import { useCurrentUser } from '../../hooks/use-session';

export function AccountSettingsView() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  if (!user) return null;
  return (
    <>
      <PageTitle>{t('routes.settingsAccount')}</PageTitle>
      <div className="flex flex-col gap-4">
        <ProfilePhotoCard user={user} />
        <UsernameCard user={user} />
        <PasswordCard user={user} />
        <TwoFactorCard />
        <PasskeysCard />
        <DevicesCard userId={user.id} />
        <TokensCard userId={user.id} own />
        <SessionTimerCard user={user} />
        <PushDeviceCard />
        <PermissionsCard user={user} />
      </div>
    </>
  );
}
