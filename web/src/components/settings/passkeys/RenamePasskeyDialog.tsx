import { useTranslation } from 'react-i18next';
import { passkeyNameSchema, type Passkey } from '@homecam/shared';
import { fieldIssue } from '../../../forms/field-validation';
import { useCheckedField } from '../../../forms/use-checked-field';
import { useRenamePasskey } from '../../../hooks/use-passkeys';
import { useToast } from '../../../hooks/use-toast';
import { TextField } from '../../ui/TextField';
import { PasskeyFormDialog } from './PasskeyFormDialog';

export function RenamePasskeyDialog({ passkey, onClose }: { passkey: Passkey; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const rename = useRenamePasskey();
  const name = useCheckedField((value) => fieldIssue(passkeyNameSchema, value), passkey.name);

  function submit() {
    if (!name.check()) return;
    rename.mutate(
      { id: passkey.id, name: name.value.trim() },
      {
        onSuccess: () => {
          toast.success(t('settings:passkeys.renamed'));
          onClose();
        },
        onError: toast.apiError,
      },
    );
  }

  return (
    <PasskeyFormDialog
      title={t('settings:passkeys.renameTitle')}
      intro={t('settings:passkeys.renameIntro')}
      submitLabel={t('actions.save')}
      pending={rename.isPending}
      onSubmit={submit}
      onClose={onClose}
      testId="passkey-rename"
    >
      <TextField label={t('settings:passkeys.name')} maxLength={64} autoFocus {...name.fieldProps} data-testid="passkey-rename-name" />
    </PasskeyFormDialog>
  );
}
