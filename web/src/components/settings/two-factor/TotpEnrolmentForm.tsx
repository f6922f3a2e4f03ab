import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { totpCodeRequestSchema, type TotpEnrolment } from '@homecam/shared';
import { fieldIssue } from '../../../forms/field-validation';
import { useCheckedField } from '../../../forms/use-checked-field';
import { useConfirmTotp } from '../../../hooks/use-second-factor';
import { useToast } from '../../../hooks/use-toast';
import { Button } from '../../ui/Button';
import { OneTimeCodeField } from '../../ui/OneTimeCodeField';

export interface TotpEnrolmentFormProps {
  enrolment: TotpEnrolment;
  onConfirmed: (recoveryCodes: string[]) => void;
  onCancel: () => void;
}

/** The QR code (drawn by the server: the secret never leaves the house), the secret to type, and the first code. */
export function TotpEnrolmentForm({ enrolment, onConfirmed, onCancel }: TotpEnrolmentFormProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const confirm = useConfirmTotp();
  const code = useCheckedField((value) => fieldIssue(totpCodeRequestSchema.shape.code, value));

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!code.check()) return;
    confirm.mutate(code.value.trim(), { onSuccess: (result) => onConfirmed(result.recoveryCodes), onError: toast.apiError });
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4 sm:flex-row sm:items-start" data-testid="totp-enrolment">
      {/* White behind the code in dark mode too: scanners need the contrast the code was drawn with. */}
      <img
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qrSvg)}`}
        alt={t('settings:twoFactor.qrAlt')}
        className="h-48 w-48 shrink-0 self-center rounded-lg bg-white p-1 sm:self-start"
        data-testid="totp-qr"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <p className="text-sm text-foreground">{t('settings:twoFactor.scan')}</p>
        <p className="text-xs text-foreground-muted">{t('settings:twoFactor.typeSecret')}</p>
        <code className="break-all rounded bg-muted px-2 py-1 font-mono text-sm text-foreground" data-testid="totp-secret">
          {enrolment.secret}
        </code>
        <OneTimeCodeField
          label={t('settings:twoFactor.firstCode')}
          inputMode="numeric"
          {...code.fieldProps}
          data-testid="totp-confirm-code"
        />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={confirm.isPending} data-testid="totp-confirm">
            {t('settings:twoFactor.confirm')}
          </Button>
          <Button variant="ghost" onClick={onCancel}>
            {t('actions.cancel')}
          </Button>
        </div>
      </div>
    </form>
  );
}
