import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { PHOTO_MAX_BYTES, PHOTO_MIME_TYPES, type SessionUser } from '@homecam/shared';
import defaultAvatar from '../../assets/default-avatar.svg';
import { useToast } from '../../hooks/use-toast';
import { useUserPhotoUrl } from '../../hooks/use-session';
import { useRemovePhoto, useUploadPhoto } from '../../hooks/use-users';
import { Avatar } from '../ui/Avatar';
import { Button } from '../ui/Button';
import { Card } from '../ui/Card';
import { TrashIcon, UploadIcon } from '../ui/icons';

/** Upload or remove the own profile photo (PUT/DELETE /api/users/:id/photo). */
export function ProfilePhotoCard({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const toast = useToast();
  const photoUrl = useUserPhotoUrl();
  const upload = useUploadPhoto();
  const remove = useRemovePhoto();
  const input = useRef<HTMLInputElement>(null);
  const busy = upload.isPending || remove.isPending;

  function onFile(file: File | undefined) {
    if (input.current) input.current.value = '';
    if (!file) return;
    // Checked here as well so a too-big file fails at once instead of after the upload.
    if (file.size > PHOTO_MAX_BYTES) return void toast.error(t('errors.PAYLOAD_TOO_LARGE'));
    upload.mutate(
      { id: user.id, file },
      { onSuccess: () => toast.success(t('settings:account.photoSaved')), onError: toast.apiError },
    );
  }

  return (
    <Card title={t('settings:account.photoTitle')}>
      <div className="flex flex-wrap items-center gap-4">
        <Avatar src={photoUrl} fallbackSrc={defaultAvatar} alt={t('settings:account.photoAlt')} className="h-20 w-20" />
        <div className="flex flex-wrap gap-2">
          <input
            ref={input}
            type="file"
            accept={PHOTO_MIME_TYPES.join(',')}
            className="sr-only"
            tabIndex={-1}
            data-testid="photo-input"
            aria-label={t('settings:account.photoUpload')}
            onChange={(event) => onFile(event.target.files?.[0])}
          />
          <Button variant="secondary" disabled={busy} onClick={() => input.current?.click()} data-testid="photo-upload">
            <UploadIcon /> {t('settings:account.photoUpload')}
          </Button>
          {user.photo ? (
            <Button
              variant="ghost"
              disabled={busy}
              data-testid="photo-remove"
              onClick={() =>
                remove.mutate(user.id, { onSuccess: () => toast.success(t('settings:account.photoRemoved')), onError: toast.apiError })
              }
            >
              <TrashIcon /> {t('settings:account.photoRemove')}
            </Button>
          ) : null}
        </div>
      </div>
      <p className="mt-3 text-xs text-foreground-muted">{t('settings:account.photoHint', { megabytes: PHOTO_MAX_BYTES / 1024 / 1024 })}</p>
    </Card>
  );
}
