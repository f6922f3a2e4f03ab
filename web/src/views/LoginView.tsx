import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { loginRequestSchema, type SecondFactorChallenge } from '@homecam/shared';
import { SecondFactorStep } from '../components/auth/SecondFactorStep';
import { AuthCard } from '../components/layout/AuthCard';
import { Button } from '../components/ui/Button';
import { TextField } from '../components/ui/TextField';
import { useLogin } from '../hooks/use-login';
import { PasskeySignInButton } from '../components/auth/PasskeySignInButton';
import { fieldIssue } from '../forms/field-validation';
import { useCheckedField } from '../forms/use-checked-field';

/**
 * Sign-in (spec §2 `/`), without chrome. A failed sign-in raises a translated error toast (useLogin). An account
 * with a second factor is asked for its code next (issue 21); a passkey signs in without the password.
 */
export function LoginView() {
  const { t } = useTranslation();
  const [challenge, setChallenge] = useState<SecondFactorChallenge | null>(null);
  const login = useLogin(setChallenge);
  const username = useCheckedField((value) => fieldIssue(loginRequestSchema.shape.username, value));
  const password = useCheckedField((value) => fieldIssue(loginRequestSchema.shape.password, value));

  function submit(event: FormEvent) {
    event.preventDefault();
    // Both are checked (no short circuit), so both errors show at once.
    const valid = [username.check(), password.check()].every(Boolean);
    if (!valid) return;
    login.mutate({ username: username.value.trim(), password: password.value });
  }

  if (challenge) {
    return (
      <AuthCard title={t('auth:secondFactor.title')} intro={t(challenge.methods.includes('totp') ? 'auth:secondFactor.intro' : 'auth:secondFactor.introPasskey')}>
        <SecondFactorStep
          challenge={challenge}
          onCancel={() => {
            setChallenge(null);
            password.setValue('');
          }}
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('auth:login.title')} intro={t('auth:login.welcome')}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4" data-testid="login-form">
        <TextField
          label={t('auth:login.username')}
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          {...username.fieldProps}
          data-testid="login-username"
        />
        <TextField
          label={t('auth:login.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          {...password.fieldProps}
          data-testid="login-password"
        />
        <Button type="submit" disabled={login.isPending} data-testid="login-submit" className="justify-center">
          {login.isPending ? t('auth:login.submitting') : t('auth:login.submit')}
        </Button>
      </form>
      <PasskeySignInButton username={username.value.trim()} />
    </AuthCard>
  );
}
