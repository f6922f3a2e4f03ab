import { useTranslation } from 'react-i18next';
import { passkeyRemoveSchema, type Passkey } from '@homecam/shared';
import { fieldIssue } from '../../../forms/field-validation';
import { useCheckedField } from '../../../forms/use-checked-field';
import { useRemovePasskey } from '../../../hooks/use-passkeys';
import { useToast } from '../../../hooks/use-toast';
import { TextField } from '../../ui/TextField';
import { PasskeyFormDialog } from './PasskeyFormDialog';

/** Removing a passkey takes the password, as turning the authenticator app off does. */
export function RemovePasskeyDialog({ passkey, onClose }: { passkey: Passkey; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const remove = useRemovePasskey();
  const password = useCheckedField((value) => fieldIssue(passkeyRemoveSchema.shape.password, value));

  function submit() {
    if (!password.check()) return;
    remove.mutate(
      { id: passkey.id, password: password.value },
      {
        onSuccess: () => {
          toast.success(t('settings:passkeys.removed'));
          onClose();
        },
        onError: (error) => {
          password.setValue('');
          toast.apiError(error);
        },
      },
    );
  }

  return (
    <PasskeyFormDialog
      title={t('settings:passkeys.removeTitle', { name: passkey.name })}
      intro={t('settings:passkeys.removeIntro')}
      submitLabel={t('settings:passkeys.remove')}
      danger
      pending={remove.isPending}
      onSubmit={submit}
      onClose={onClose}
      testId="passkey-remove"
    >
      <TextField
        label={t('settings:account.currentPassword')}
        type="password"
        autoComplete="current-password"
        autoFocus
        {...password.fieldProps}
        data-testid="passkey-remove-password"
      />
    </PasskeyFormDialog>
  );
}
