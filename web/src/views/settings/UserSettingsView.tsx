import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '@homecam/shared';
import { PageTitle } from '../../components/layout/PageTitle';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { PlusIcon } from '../../components/ui/icons';
import { AllTokensCard } from '../../components/settings/access/AllTokensCard';
import { UserAccessDialog } from '../../components/settings/access/UserAccessDialog';
import { AddUserDialog } from '../../components/users/AddUserDialog';
import { EditPermissionsDialog } from '../../components/users/EditPermissionsDialog';
import { UserRow } from '../../components/users/UserRow';
import { useCurrentUser } from '../../hooks/use-session';
import { useToast } from '../../hooks/use-toast';
import { useResetSecondFactor } from '../../hooks/use-second-factor';
import { useDeleteUser, useUserList } from '../../hooks/use-users';
import { QueryStatus } from '../../components/layout/QueryStatus';

type Dialog =
  | { kind: 'add' }
  | { kind: 'edit'; user: User }
  | { kind: 'delete'; user: User }
  | { kind: 'resetSecondFactor'; user: User }
  | { kind: 'access'; user: User }
  | null;

/**
 * User management (admin): list, add, change permissions, reset a lost second factor, devices and API tokens (issue 21),
 * delete with confirmation; below, every user's API tokens in one list to review and revoke.
 */
export function UserSettingsView() {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const toast = useToast();
  const users = useUserList();
  const remove = useDeleteUser();
  const resetSecondFactor = useResetSecondFactor();
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);

  function confirmDelete(user: User) {
    remove.mutate(user.id, {
      onSuccess: () => toast.success(t('settings:users.deleted', { username: user.username })),
      onError: toast.apiError,
      onSettled: close,
    });
  }

  function confirmReset(user: User) {
    resetSecondFactor.mutate(user.id, {
      onSuccess: () => toast.success(t('settings:users.secondFactorReset', { username: user.username })),
      onError: toast.apiError,
      onSettled: close,
    });
  }

  return (
    <>
      <PageTitle>{t('routes.settingsUser')}</PageTitle>
      <div className="flex flex-col gap-4">
        <Card title={t('settings:users.listTitle')}>
          <div className="mb-2 flex justify-end">
            <Button onClick={() => setDialog({ kind: 'add' })} data-testid="add-user-open">
              <PlusIcon /> {t('settings:users.add')}
            </Button>
          </div>
          <QueryStatus query={users} />
          <ul data-testid="user-list" className="divide-y divide-border">
            {users.data?.map((user) => (
              <UserRow
                key={user.id}
                user={user}
                isSelf={user.id === me?.id}
                onEdit={() => setDialog({ kind: 'edit', user })}
                onDelete={() => setDialog({ kind: 'delete', user })}
                onResetSecondFactor={() => setDialog({ kind: 'resetSecondFactor', user })}
                onAccess={() => setDialog({ kind: 'access', user })}
              />
            ))}
          </ul>
        </Card>
        <AllTokensCard />
      </div>
      {dialog?.kind === 'add' ? <AddUserDialog onClose={close} /> : null}
      {dialog?.kind === 'edit' ? <EditPermissionsDialog user={dialog.user} onClose={close} /> : null}
      {dialog?.kind === 'access' ? <UserAccessDialog user={dialog.user} onClose={close} /> : null}
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        title={t('settings:users.deleteTitle')}
        message={dialog?.kind === 'delete' ? t('settings:users.deleteMessage', { username: dialog.user.username }) : ''}
        confirmLabel={t('actions.delete')}
        busy={remove.isPending}
        onConfirm={() => dialog?.kind === 'delete' && confirmDelete(dialog.user)}
        onCancel={close}
      />
      <ConfirmDialog
        open={dialog?.kind === 'resetSecondFactor'}
        title={t('settings:users.resetSecondFactorTitle')}
        message={dialog?.kind === 'resetSecondFactor' ? t('settings:users.resetSecondFactorMessage', { username: dialog.user.username }) : ''}
        confirmLabel={t('settings:users.resetSecondFactorConfirm')}
        busy={resetSecondFactor.isPending}
        onConfirm={() => dialog?.kind === 'resetSecondFactor' && confirmReset(dialog.user)}
        onCancel={close}
      />
    </>
  );
}
