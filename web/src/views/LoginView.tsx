import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { loginRequestSchema, type SecondFactorChallenge } from '@homecam/shared';
import { SecondFactorStep } from '../components/auth/SecondFactorStep';
import { AuthCard } from '../components/layout/AuthCard';
import { Button } from '../components/ui/Button';
import { TextField } from '../components/ui/TextField';
import { useLogin } from '../hooks/use-login';
import { fieldIssue, hasErrors, type FormErrors } from '../forms/field-validation';

type Field = 'username' | 'password';

/**
 * Sign-in (spec §2 `/`), without chrome. A failed sign-in raises a translated error toast (useLogin). An account
 * with a second factor is asked for its code next (issue 21).
 */
export function LoginView() {
  const { t } = useTranslation();
  const [challenge, setChallenge] = useState<SecondFactorChallenge | null>(null);
  const login = useLogin(setChallenge);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FormErrors<Field>>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    const next: FormErrors<Field> = {
      username: fieldIssue(loginRequestSchema.shape.username, username),
      password: fieldIssue(loginRequestSchema.shape.password, password),
    };
    setErrors(next);
    if (hasErrors(next)) return;
    login.mutate({ username: username.trim(), password });
  }

  if (challenge) {
    return (
      <AuthCard title={t('auth:secondFactor.title')} intro={t('auth:secondFactor.intro')}>
        <SecondFactorStep
          challenge={challenge}
          onCancel={() => {
            setChallenge(null);
            setPassword('');
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
          value={username}
          onChange={(event) => setUsername(event.target.value)}
          error={errors.username ? t(errors.username) : null}
          data-testid="login-username"
        />
        <TextField
          label={t('auth:login.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={errors.password ? t(errors.password) : null}
          data-testid="login-password"
        />
        <Button type="submit" disabled={login.isPending} data-testid="login-submit" className="justify-center">
          {login.isPending ? t('auth:login.submitting') : t('auth:login.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
