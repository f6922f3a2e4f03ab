import { useTranslation } from 'react-i18next';
import { passkeyNameSchema, passkeyRegistrationStartSchema } from '@homecam/shared';
import { fieldIssue } from '../../../forms/field-validation';
import { useCheckedField } from '../../../forms/use-checked-field';
import { useAddPasskey } from '../../../hooks/use-passkeys';
import { useToast } from '../../../hooks/use-toast';
import { TextField } from '../../ui/TextField';
import { PasskeyFormDialog } from './PasskeyFormDialog';

/**
 * Adding a passkey: a name to tell it apart later and the password (a passkey outlives the session, so the server
 * asks for it); then the browser's own prompt creates the passkey. `onAdded` follows a stored passkey.
 */
export function AddPasskeyDialog({ onClose, onAdded }: { onClose: () => void; onAdded?: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const add = useAddPasskey();
  const name = useCheckedField((value) => fieldIssue(passkeyNameSchema, value));
  const password = useCheckedField((value) => fieldIssue(passkeyRegistrationStartSchema.shape.password, value));

  function submit() {
    if (![name.check(), password.check()].every(Boolean)) return;
    add.mutate(
      { name: name.value.trim(), password: password.value },
      {
        onSuccess: () => {
          toast.success(t('settings:passkeys.added'));
          onClose();
          onAdded?.();
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
      title={t('settings:passkeys.add')}
      intro={t('settings:passkeys.addIntro')}
      submitLabel={t('settings:passkeys.create')}
      pending={add.isPending}
      onSubmit={submit}
      onClose={onClose}
      testId="passkey-add"
    >
      <TextField
        label={t('settings:passkeys.name')}
        placeholder={t('settings:passkeys.namePlaceholder')}
        maxLength={64}
        autoFocus
        {...name.fieldProps}
        data-testid="passkey-add-name"
      />
      <TextField
        label={t('settings:account.currentPassword')}
        type="password"
        autoComplete="current-password"
        {...password.fieldProps}
        data-testid="passkey-add-password"
      />
    </PasskeyFormDialog>
  );
}
