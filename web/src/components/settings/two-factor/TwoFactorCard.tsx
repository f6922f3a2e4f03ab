import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TotpEnrolment } from '@homecam/shared';
import { useSecondFactorStatus, useStartTotp } from '../../../hooks/use-second-factor';
import { useToast } from '../../../hooks/use-toast';
import { QueryStatus } from '../../layout/QueryStatus';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { ShieldIcon } from '../../ui/icons';
import { RecoveryCodesPanel } from './RecoveryCodesPanel';
import { TotpDisableForm } from './TotpDisableForm';
import { TotpEnrolmentForm } from './TotpEnrolmentForm';

type Stage = { kind: 'status' } | { kind: 'enrolling'; enrolment: TotpEnrolment } | { kind: 'codes'; codes: string[] };

/**
 * Issue 21, Settings → Account: the own authenticator app. Off: a button starts the set-up (QR code, then a first
 * code); the ten recovery codes are shown right after, once. On: how many recovery codes are left, and turning it
 * off with the password or a code.
 */
export function TwoFactorCard() {
  const { t } = useTranslation();
  const toast = useToast();
  const status = useSecondFactorStatus();
  const start = useStartTotp();
  const [stage, setStage] = useState<Stage>({ kind: 'status' });
  const toStatus = () => setStage({ kind: 'status' });

  function body() {
    if (stage.kind === 'codes') return <RecoveryCodesPanel codes={stage.codes} onDone={toStatus} />;
    if (stage.kind === 'enrolling') {
      return <TotpEnrolmentForm enrolment={stage.enrolment} onConfirmed={(codes) => setStage({ kind: 'codes', codes })} onCancel={toStatus} />;
    }
    if (!status.data) return null;
    if (status.data.totp) return <TotpDisableForm recoveryCodesLeft={status.data.recoveryCodesLeft} />;
    return (
      <div className="flex flex-col items-start gap-3">
        <p className="text-sm text-foreground" data-testid="totp-status">{t('settings:twoFactor.off')}</p>
        <Button
          disabled={start.isPending}
          data-testid="totp-start"
          onClick={() => start.mutate(undefined, { onSuccess: (enrolment) => setStage({ kind: 'enrolling', enrolment }), onError: toast.apiError })}
        >
          <ShieldIcon /> {t('settings:twoFactor.setUp')}
        </Button>
      </div>
    );
  }

  return (
    <Card title={t('settings:twoFactor.title')} description={t('settings:twoFactor.hint')}>
      <div data-testid="two-factor-card">
        <QueryStatus query={status} />
        {body()}
      </div>
    </Card>
  );
}
