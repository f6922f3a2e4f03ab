import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { SessionUser } from '@homecam/shared';
import { useToast } from '../../hooks/use-toast';
import { useUpdateUser } from '../../hooks/use-users';
import { newPasswordIssues } from '../../forms/field-validation';
import { useFormFields } from '../../forms/use-form-fields';
import { requiredFieldsNotice } from '../../forms/required-fields';
import { FormNotice } from '../ui/FormNotice';
import { Button } from '../ui/Button';
import { Card } from '../ui/Card';
import { TextField } from '../ui/TextField';

type Field = 'currentPassword' | 'password' | 'confirmation';
const EMPTY: Record<Field, string> = { currentPassword: '', password: '', confirmation: '' };

/** Changing the own password needs the current one (contract: else 'cannot change password'). */
export function PasswordCard({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const toast = useToast();
  const update = useUpdateUser();
  const { values, setValues, bind: bindText, showIssues } = useFormFields<Field>(EMPTY);
  const [notice, setNotice] = useState<string | null>(null);
  const bind = (field: Field) => ({ type: 'password', ...bindText(field) });

  function submit(event: FormEvent) {
    event.preventDefault();
    const valid = showIssues({
      currentPassword: values.currentPassword ? null : 'validation.CURRENT_PASSWORD_REQUIRED',
      ...newPasswordIssues(values.password, values.confirmation),
    });
    setNotice(requiredFieldsNotice([values.currentPassword, values.password, values.confirmation]));
    if (!valid) return;
    update.mutate(
      { id: user.id, body: { password: values.password, currentPassword: values.currentPassword } },
      {
        onSuccess: () => {
          setValues(EMPTY);
          toast.success(t('settings:account.passwordSaved'));
        },
        onError: toast.apiError,
      },
    );
  }

  return (
    <Card title={t('settings:account.passwordTitle')} description={t('settings:account.passwordHint')}>
      <form noValidate onSubmit={submit} className="grid gap-3 sm:grid-cols-2">
        {/* Lets password managers file the new password under the right account. */}
        <input type="text" name="username" autoComplete="username" value={user.username} readOnly hidden />
        <FormNotice messageKey={notice} className="sm:col-span-2" />
        <TextField
          className="sm:col-span-2"
          label={t('settings:account.currentPassword')}
          autoComplete="current-password"
          data-testid="account-current-password"
          {...bind('currentPassword')}
        />
        <TextField label={t('settings:account.newPassword')} autoComplete="new-password" data-testid="account-new-password" {...bind('password')} />
        <TextField label={t('settings:account.confirmPassword')} autoComplete="new-password" data-testid="account-confirm-password" {...bind('confirmation')} />
        <div className="sm:col-span-2">
          <Button type="submit" disabled={update.isPending} data-testid="account-password-submit">
            {t('settings:account.passwordSubmit')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
