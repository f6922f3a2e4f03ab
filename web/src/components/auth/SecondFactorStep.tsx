import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { secondFactorVerifyRequestSchema, type SecondFactorChallenge } from '@homecam/shared';
import { fieldIssue } from '../../forms/field-validation';
import { useCheckedField } from '../../forms/use-checked-field';
import { useSecondFactorSignIn } from '../../hooks/use-login';
import { Button } from '../ui/Button';
import { passkeysAvailable } from '../../lib/webauthn';
import { OneTimeCodeField } from '../ui/OneTimeCodeField';
import { SecondStepPasskey } from './SecondStepPasskey';

export interface SecondFactorStepProps {
  challenge: SecondFactorChallenge;
  /** Back to the password (another account, or the ticket ran out). */
  onCancel: () => void;
}

/**
 * Issue 21: the sign-in's second step. One field takes the app's six digits or a recovery code (the server tells
 * them apart by their shape); a wrong or used code raises the translated error toast. An account with a passkey is
 * offered it too (alone, when it has no app); where this browser cannot use passkeys, the step says so.
 */
export function SecondFactorStep({ challenge, onCancel }: SecondFactorStepProps) {
  const { t } = useTranslation();
  const verify = useSecondFactorSignIn();
  const code = useCheckedField((value) => fieldIssue(secondFactorVerifyRequestSchema.shape.code, value));

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!code.check()) return;
    verify.mutate({ ticket: challenge.ticket, code: code.value.trim() }, { onError: () => code.setValue('') });
  }

  const codes = challenge.methods.includes('totp');
  const passkey = challenge.methods.includes('passkey');
  return (
    <div className="flex flex-col gap-4">
      {passkey && passkeysAvailable() ? <SecondStepPasskey ticket={challenge.ticket} primary={!codes} /> : null}
      {passkey && !codes && !passkeysAvailable() ? (
        <p className="text-sm text-danger" data-testid="second-factor-passkey-unavailable">
          {t('errors.PASSKEY_UNSUPPORTED')}
        </p>
      ) : null}
      {codes ? (
        <form noValidate onSubmit={submit} className="flex flex-col gap-4" data-testid="second-factor-form">
          <p className="text-sm text-foreground">{t('auth:secondFactor.prompt')}</p>
          <OneTimeCodeField
            label={t('auth:secondFactor.code')}
            autoFocus
            {...code.fieldProps}
            hint={t('auth:secondFactor.recoveryHint')}
            data-testid="second-factor-code"
          />
          <Button type="submit" disabled={verify.isPending} data-testid="second-factor-submit" className="justify-center">
            {verify.isPending ? t('auth:login.submitting') : t('auth:secondFactor.submit')}
          </Button>
        </form>
      ) : (
        <p className="text-sm text-foreground" data-testid="second-factor-passkey-prompt">
          {t('auth:secondFactor.passkeyPrompt')}
        </p>
      )}
      <Button type="button" variant="ghost" onClick={onCancel} className="justify-center" data-testid="second-factor-cancel">
        {t('auth:secondFactor.back')}
      </Button>
    </div>
  );
}
