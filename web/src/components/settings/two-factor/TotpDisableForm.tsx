import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useDisableTotp } from '../../../hooks/use-second-factor';
import { useToast } from '../../../hooks/use-toast';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';

/**
 * The app is on: recovery codes left, and turning it off. One field takes the password or a code (six digits or
 * a recovery code), so a user who forgot either can still use the other.
 */
export function TotpDisableForm({ recoveryCodesLeft }: { recoveryCodesLeft: number }) {
  const { t } = useTranslation();
  const toast = useToast();
  const disable = useDisableTotp();
  const [proof, setProof] = useState('');
  const [usePassword, setUsePassword] = useState(true);
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!proof) {
      setError(t('validation.PASSWORD_OR_CODE_REQUIRED'));
      return;
    }
    setError(null);
    disable.mutate(usePassword ? { password: proof } : { code: proof.trim() }, {
      onSuccess: () => {
        setProof('');
        toast.success(t('settings:twoFactor.disabled'));
      },
      onError: toast.apiError,
    });
  }

  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-foreground" data-testid="totp-status">
        {t('settings:twoFactor.on')} {t('settings:twoFactor.codesLeft', { count: recoveryCodesLeft })}
      </p>
      <form noValidate onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-end" data-testid="totp-disable">
        <TextField
          className="sm:flex-1"
          label={usePassword ? t('settings:account.currentPassword') : t('auth:secondFactor.code')}
          type={usePassword ? 'password' : 'text'}
          autoComplete={usePassword ? 'current-password' : 'one-time-code'}
          value={proof}
          onChange={(event) => setProof(event.target.value)}
          error={error}
          data-testid="totp-disable-proof"
        />
        <Button type="submit" variant="danger" disabled={disable.isPending} data-testid="totp-disable-submit">
          {t('settings:twoFactor.turnOff')}
        </Button>
      </form>
      <div>
        <Button variant="ghost" size="sm" onClick={() => setUsePassword((previous) => !previous)} data-testid="totp-disable-switch">
          {usePassword ? t('settings:twoFactor.useCodeInstead') : t('settings:twoFactor.usePasswordInstead')}
        </Button>
      </div>
    </div>
  );
}
