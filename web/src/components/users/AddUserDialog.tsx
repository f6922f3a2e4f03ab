import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { newPasswordSchema, permissionListSchema, usernameSchema, type Permission } from '@homecam/shared';
import { useToast } from '../../hooks/use-toast';
import { useCreateUser } from '../../hooks/use-users';
import { confirmationIssue, fieldIssue, hasErrors, type FormErrors } from '../../forms/field-validation';
import { requiredFieldsNotice } from '../../forms/required-fields';
import { FormNotice } from '../ui/FormNotice';
import { Button } from '../ui/Button';
import { Modal } from '../ui/Modal';
import { TextField } from '../ui/TextField';
import { PermissionCheckboxes } from './PermissionCheckboxes';

type Field = 'username' | 'password' | 'confirmation' | 'permissions';

function AddUserFooter({ busy, onClose }: { busy: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <Button variant="secondary" onClick={onClose}>
        {t('actions.cancel')}
      </Button>
      <Button type="submit" form="add-user-form" disabled={busy} data-testid="add-user-submit">
        {t('settings:users.addSubmit')}
      </Button>
    </>
  );
}

/** Add a user (admin): name, password with confirmation, at least one permission (spec §5). */
export function AddUserDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const create = useCreateUser();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [permissions, setPermissions] = useState<Permission[]>([]);
  const [errors, setErrors] = useState<FormErrors<Field>>({});
  const [notice, setNotice] = useState<string | null>(null);
  const message = (field: Field) => (errors[field] ? t(errors[field]) : null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const next: FormErrors<Field> = {
      username: fieldIssue(usernameSchema, username),
      password: fieldIssue(newPasswordSchema, password),
      confirmation: confirmationIssue(password, confirmation),
      permissions: fieldIssue(permissionListSchema, permissions),
    };
    setErrors(next);
    setNotice(requiredFieldsNotice([username, password, confirmation, permissions]));
    if (hasErrors(next)) return;
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
        <TextField
          label={t('settings:users.username')}
          autoComplete="off"
          autoCapitalize="none"
          value={username}
          onChange={(event) => setUsername(event.target.value)}
          error={message('username')}
          data-testid="add-user-username"
        />
        <TextField
          label={t('settings:users.password')}
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={message('password')}
          data-testid="add-user-password"
        />
        <TextField
          label={t('settings:users.confirmPassword')}
          type="password"
          autoComplete="new-password"
          value={confirmation}
          onChange={(event) => setConfirmation(event.target.value)}
          error={message('confirmation')}
          data-testid="add-user-password-confirm"
        />
        <PermissionCheckboxes value={permissions} onChange={setPermissions} error={message('permissions')} testIdPrefix="add-user-permission" />
      </form>
    </Modal>
  );
}
