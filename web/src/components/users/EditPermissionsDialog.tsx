import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAdmin, permissionListSchema, type Permission, type User } from '@homecam/shared';
import { useToast } from '../../hooks/use-toast';
import { useUpdateUser } from '../../hooks/use-users';
import { fieldIssue } from '../../forms/field-validation';
import { Button } from '../ui/Button';
import { Modal } from '../ui/Modal';
import { CameraAccessPicker } from './CameraAccessPicker';
import { PermissionCheckboxes } from './PermissionCheckboxes';
import { ModalActions } from '../ui/ModalActions';

/**
 * Change another user's permissions and the cameras they may see (admin; the server refuses it on oneself and on the
 * last admin). An admin sees every camera: their list is not sent.
 */
export function EditPermissionsDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const update = useUpdateUser();
  const [permissions, setPermissions] = useState<Permission[]>(user.permissionLevel);
  const [cameras, setCameras] = useState<string[] | null>(user.cameras ?? null);
  const [error, setError] = useState<string | null>(null);
  const admin = isAdmin(permissions);

  function save() {
    const issue = fieldIssue(permissionListSchema, permissions);
    setError(issue);
    if (issue) return;
    update.mutate(
      { id: user.id, body: admin ? { permissionLevel: permissions } : { permissionLevel: permissions, cameras } },
      {
        onSuccess: () => {
          toast.success(t('settings:users.permissionsSaved', { username: user.username }));
          onClose();
        },
        onError: toast.apiError,
      },
    );
  }

  return (
    <Modal
      open
      title={t('settings:users.editTitle', { username: user.username })}
      onClose={onClose}
      testId="edit-permissions-dialog"
      size="wide"
      footer={
        <ModalActions onCancel={onClose}>
          <Button onClick={save} disabled={update.isPending} data-testid="edit-permissions-submit">
            {t('actions.save')}
          </Button>
        </ModalActions>
      }
    >
      <div className="flex flex-col gap-6">
        <PermissionCheckboxes value={permissions} onChange={setPermissions} error={error ? t(error) : null} testIdPrefix="edit-permission" />
        <CameraAccessPicker value={cameras} onChange={setCameras} admin={admin} />
      </div>
    </Modal>
  );
}
