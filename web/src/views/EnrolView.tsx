import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { TotpEnrolment } from '@homecam/shared';
import { AuthCard } from '../components/layout/AuthCard';
import { AddPasskeyDialog } from '../components/settings/passkeys/AddPasskeyDialog';
import { RecoveryCodesPanel } from '../components/settings/two-factor/RecoveryCodesPanel';
import { TotpEnrolmentForm } from '../components/settings/two-factor/TotpEnrolmentForm';
import { Button } from '../components/ui/Button';
import { useStartTotp } from '../hooks/use-second-factor';
import { useCurrentUser, useSessionActions } from '../hooks/use-session';
import { useToast } from '../hooks/use-toast';
import { passkeysAvailable } from '../lib/webauthn';
import { landingPath } from '../stores/session/session-machine';

type Stage = { kind: 'intro' } | { kind: 'passkey' } | { kind: 'enrolling'; enrolment: TotpEnrolment } | { kind: 'codes'; codes: string[] };

/**
 * Issue 21 (`/enrol`): the system requires a second factor of this user and they have none, so this is the only
 * page open to them (the guard sends every other route here). Once the app is set up and the recovery codes are
 * seen, or a passkey is added, the session is let through at once (the server checks per request) and the user
 * lands where they would have.
 */
export function EnrolView() {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const { logout, userUpdated } = useSessionActions();
  const start = useStartTotp();
  const [stage, setStage] = useState<Stage>({ kind: 'intro' });
  if (!user) return null;
  const withPasskeys = passkeysAvailable();

  function finish() {
    if (!user) return;
    const updated = { ...user, secondFactorEnrolmentDue: false };
    userUpdated(updated);
    void navigate(landingPath(updated, null), { replace: true });
  }

  return (
    <AuthCard title={t('auth:enrol.title')} intro={t(withPasskeys ? 'auth:enrol.introPasskey' : 'auth:enrol.intro')} width="md">
      <div className="flex flex-col gap-4" data-testid="enrol">
        {stage.kind === 'codes' ? <RecoveryCodesPanel codes={stage.codes} onDone={finish} /> : null}
        {stage.kind === 'enrolling' ? (
          <TotpEnrolmentForm enrolment={stage.enrolment} onConfirmed={(codes) => setStage({ kind: 'codes', codes })} onCancel={() => setStage({ kind: 'intro' })} />
        ) : null}
        {stage.kind === 'intro' || stage.kind === 'passkey' ? (
          <Button
            className="justify-center"
            disabled={start.isPending}
            data-testid="totp-start"
            onClick={() => start.mutate(undefined, { onSuccess: (enrolment) => setStage({ kind: 'enrolling', enrolment }), onError: toast.apiError })}
          >
            {t('settings:twoFactor.setUp')}
          </Button>
        ) : null}
        {withPasskeys && (stage.kind === 'intro' || stage.kind === 'passkey') ? (
          <Button variant="secondary" className="justify-center" onClick={() => setStage({ kind: 'passkey' })} data-testid="enrol-passkey">
            {t('settings:passkeys.add')}
          </Button>
        ) : null}
        {stage.kind === 'passkey' ? <AddPasskeyDialog onClose={() => setStage({ kind: 'intro' })} onAdded={finish} /> : null}
        {stage.kind === 'codes' ? null : (
          <Button variant="ghost" className="justify-center" onClick={logout} data-testid="enrol-sign-out">
            {t('auth:enrol.signOut')}
          </Button>
        )}
      </div>
    </AuthCard>
  );
}
