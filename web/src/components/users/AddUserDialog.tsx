import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { permissionListSchema, usernameSchema, type Permission } from '@homecam/shared';
import { useToast } from '../../hooks/use-toast';
import { useCreateUser } from '../../hooks/use-users';
import { fieldIssue, newPasswordIssues } from '../../forms/field-validation';
import { useFormFields } from '../../forms/use-form-fields';
import { requiredFieldsNotice } from '../../forms/required-fields';
import { FormNotice } from '../ui/FormNotice';
import { Button } from '../ui/Button';
import { Modal } from '../ui/Modal';
import { TextField } from '../ui/TextField';
import { PermissionCheckboxes } from './PermissionCheckboxes';
import { ModalActions } from '../ui/ModalActions';

type TextFieldName = 'username' | 'password' | 'confirmation';

function AddUserFooter({ busy, onClose }: { busy: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <ModalActions onCancel={onClose}>
      <Button type="submit" form="add-user-form" disabled={busy} data-testid="add-user-submit">
        {t('settings:users.addSubmit')}
      </Button>
    </ModalActions>
  );
}

/** Add a user (admin): name, password with confirmation, at least one permission (spec §5). */
export function AddUserDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const create = useCreateUser();
  const { values, bind, errorOf, showIssues } = useFormFields<TextFieldName, 'permissions'>({ username: '', password: '', confirmation: '' });
  const [permissions, setPermissions] = useState<Permission[]>([]);
  const [notice, setNotice] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const { username, password, confirmation } = values;
    const valid = showIssues({
      username: fieldIssue(usernameSchema, username),
      ...newPasswordIssues(password, confirmation),
      permissions: fieldIssue(permissionListSchema, permissions),
    });
    setNotice(requiredFieldsNotice([username, password, confirmation, permissions]));
    if (!valid) return;
    create.mutate(
      { username: username.trim(), password, permissionLevel: permissions },
      {
        onSuccess: () => {
          toast.success(t('settings:users.created', { username: username.trim() }));
          onClose();
        },
        onError: toast.apiError,
      },
    );
  }

  return (
    <Modal
      open
      title={t('settings:users.addTitle')}
      onClose={onClose}
      testId="add-user-dialog"
      size="wide"
      footer={<AddUserFooter busy={create.isPending} onClose={onClose} />}
    >
      <form id="add-user-form" noValidate onSubmit={submit} className="flex flex-col gap-4">
        <FormNotice messageKey={notice} />
        <TextField label={t('settings:users.username')} autoComplete="off" autoCapitalize="none" data-testid="add-user-username" {...bind('username')} />
        <TextField label={t('settings:users.password')} type="password" autoComplete="new-password" data-testid="add-user-password" {...bind('password')} />
        <TextField
          label={t('settings:users.confirmPassword')}
          type="password"
          autoComplete="new-password"
          data-testid="add-user-password-confirm"
          {...bind('confirmation')}
        />
        <PermissionCheckboxes value={permissions} onChange={setPermissions} error={errorOf('permissions')} testIdPrefix="add-user-permission" />
      </form>
    </Modal>
  );
}
