import { useTranslation } from 'react-i18next';
import type { User } from '@homecam/shared';
import { Modal } from '../../ui/Modal';
import { DevicesCard } from './DevicesCard';
import { TokensCard } from './TokensCard';

/** Issue 21, Settings → Users (admin): another user's signed-in devices and API tokens, to end or revoke. */
export function UserAccessDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal open title={t('access:users.title', { username: user.username })} onClose={onClose} testId="user-access-dialog" size="wide">
      <div className="flex flex-col gap-4">
        <DevicesCard userId={user.id} />
        <TokensCard userId={user.id} own={false} />
      </div>
    </Modal>
  );
}
