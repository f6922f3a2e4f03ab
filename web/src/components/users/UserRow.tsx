import { useTranslation } from 'react-i18next';
import { profileLabel, type User } from '@homecam/shared';
import defaultAvatar from '../../assets/default-avatar.svg';
import { photoUrl } from '../../stores/session/stored-session';
import { Avatar } from '../ui/Avatar';
import { EditIcon, LogoutIcon, ShieldIcon, TrashIcon } from '../ui/icons';
import { RowAction } from '../ui/RowAction';

export interface UserRowProps {
  user: User;
  isSelf: boolean;
  onEdit: () => void;
  onDelete: () => void;
  /** An admin removes the user's second factors (issue 21: a lost phone). */
  onResetSecondFactor: () => void;
  /** An admin sees and ends the user's signed-in devices and API tokens (issue 21). */
  onAccess: () => void;
}

export function UserRow({ user, isSelf, onEdit, onDelete, onResetSecondFactor, onAccess }: UserRowProps) {
  const { t } = useTranslation();
  const username = user.username;
  const label = profileLabel(user.permissionLevel) === 'Master' ? t('profile.master') : t('profile.user');
  return (
    <li data-testid={`user-row-${user.username}`} className="flex flex-wrap items-center gap-3 py-3">
      {/* The creation time versions the URL: stable across renders, new for a re-created user. */}
      <Avatar src={photoUrl(user.photo, Date.parse(user.createdAt) || 0)} fallbackSrc={defaultAvatar} alt="" className="h-10 w-10" />
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium text-foreground">
          {user.username}
          {isSelf ? <span className="ml-2 text-xs font-normal text-foreground-muted">{t('settings:users.you')}</span> : null}
        </p>
        <p className="text-xs text-foreground-muted">
          {label} · {t('settings:users.permissionCount', { count: user.permissionLevel.length })}
          {user.cameras ? ` · ${t('settings:users.cameraCount', { count: user.cameras.length })}` : null}
        </p>
      </div>
      {isSelf ? null : (
        <div className="flex gap-1">
          <RowAction label={t('settings:users.edit', { username })} testId={`user-edit-${username}`} onClick={onEdit}>
            <EditIcon />
          </RowAction>
          <RowAction label={t('settings:users.resetSecondFactor', { username })} testId={`user-reset-2fa-${username}`} onClick={onResetSecondFactor}>
            <ShieldIcon />
          </RowAction>
          <RowAction label={t('access:users.open', { username })} testId={`user-access-${username}`} onClick={onAccess}>
            <LogoutIcon />
          </RowAction>
          <RowAction label={t('settings:users.delete', { username })} testId={`user-delete-${username}`} onClick={onDelete}>
            <TrashIcon />
          </RowAction>
        </div>
      )}
    </li>
  );
}
