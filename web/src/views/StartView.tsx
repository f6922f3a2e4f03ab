import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usernameSchema } from '@homecam/shared';
import { AuthCard } from '../components/layout/AuthCard';
import { Button } from '../components/ui/Button';
import { Checkbox } from '../components/ui/Checkbox';
import { TextField } from '../components/ui/TextField';
import { firstStartPassword, forgetFirstStartPassword } from '../stores/session/first-start-password';
import { landingPath } from '../stores/session/session-machine';
import { useCreateDemoCamera } from '../hooks/use-cameras';
import { useToast } from '../hooks/use-toast';
import { useCurrentUser, useSessionActions } from '../hooks/use-session';
import { useUpdateUser } from '../hooks/use-users';
import { fieldIssue, newPasswordIssues, type FormErrors } from '../forms/field-validation';
import { useFormFields } from '../forms/use-form-fields';
import { requiredFieldsNotice } from '../forms/required-fields';
import { FormNotice } from '../components/ui/FormNotice';

type Field = 'username' | 'password' | 'confirmation' | 'currentPassword';

const startIssues = (values: Record<Field, string>): FormErrors<Field> => ({
  username: fieldIssue(usernameSchema, values.username),
  ...newPasswordIssues(values.password, values.confirmation),
  currentPassword: values.currentPassword ? null : 'validation.CURRENT_PASSWORD_REQUIRED',
});


/**
 * First start (spec §2 `/start`): the default account must choose its own username and password
 * before anything else works; then the dashboard.
 */
export function StartView() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const { logout } = useSessionActions();
  const update = useUpdateUser();
  const demo = useCreateDemoCamera();
  const toast = useToast();
  const [addDemo, setAddDemo] = useState(false);
  const { values, bind, showIssues } = useFormFields<Field>(() => ({
    username: '',
    password: '',
    confirmation: '',
    currentPassword: firstStartPassword(),
  }));
  const [notice, setNotice] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!user) return;
    const valid = showIssues(startIssues(values));
    setNotice(requiredFieldsNotice([values.username, values.password, values.confirmation, values.currentPassword]));
    if (!valid) return;
    const body = { username: values.username.trim(), password: values.password, currentPassword: values.currentPassword };
    update.mutate(
      { id: user.id, body },
      {
        onSuccess: (updated) => {
          forgetFirstStartPassword();
          const landing = landingPath({ ...updated, mustChangeCredentials: false }, null);
          // The demo camera is a convenience: if it cannot be added, say so and go on all the same.
          const demoAdded = addDemo ? demo.mutateAsync().then(() => undefined, toast.apiError) : Promise.resolve();
          void demoAdded.then(() => navigate(landing, { replace: true }));
        },
        onError: toast.apiError,
      },
    );
  }

  return (
    <AuthCard title={t('auth:start.title')} intro={t('auth:start.intro')} width="md">
      <form noValidate onSubmit={submit} className="flex flex-col gap-4" data-testid="start-form">
        <FormNotice messageKey={notice} />
        <TextField label={t('auth:start.newUsername')} autoComplete="username" autoCapitalize="none" data-testid="start-username" {...bind('username')} />
        <TextField label={t('auth:start.newPassword')} type="password" autoComplete="new-password" data-testid="start-password" {...bind('password')} />
        <TextField label={t('auth:start.confirmPassword')} type="password" autoComplete="new-password" data-testid="start-password-confirm" {...bind('confirmation')} />
        <TextField
          label={t('auth:start.currentPassword')}
          type="password"
          autoComplete="current-password"
          hint={t('auth:start.currentPasswordHint')}
          data-testid="start-current-password"
          {...bind('currentPassword')}
        />
        <Checkbox
          label={t('auth:start.addDemo')}
          checked={addDemo}
          onChange={(event) => setAddDemo(event.target.checked)}
          data-testid="start-add-demo"
        />
        <p className="-mt-3 pl-6 text-xs text-foreground-muted">{t('auth:start.addDemoHint')}</p>
        <Button type="submit" disabled={update.isPending || demo.isPending} data-testid="start-submit" className="justify-center">
          {t('auth:start.submit')}
        </Button>
        <Button variant="ghost" onClick={logout} data-testid="start-sign-out" className="justify-center">
          {t('nav.signOut')}
        </Button>
      </form>
    </AuthCard>
  );
}
