import type { HomekitStatus } from '@homecam/shared';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { ConfirmDialog, useConfirm } from '../../../components/ui/ConfirmDialog';
import { SetupQrCode } from './SetupQrCode';

export interface HomekitPairingProps {
  status: HomekitStatus;
  resetting: boolean;
  onReset: () => void;
}

/** Pairing: the setup code in large type and as a QR code, whether a phone is paired, and the reset. */
export function HomekitPairing({ status, resetting, onReset }: HomekitPairingProps) {
  const { t } = useTranslation();
  const confirmReset = useConfirm(onReset);
  return (
    <div className="flex flex-col gap-4 border-t border-border pt-4">
      <p className="text-sm text-foreground" data-testid="homekit-paired">
        {status.paired ? t('homekit:pairedYes', { count: status.pairings }) : t('homekit:pairedNo')}
      </p>
      {status.setupCode ? (
        <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-center">
          {status.setupUri ? <SetupQrCode uri={status.setupUri} label={t('homekit:qrLabel')} /> : null}
          <div className="flex flex-col items-center gap-1 sm:items-start">
            <span className="text-sm text-foreground-muted">{t('homekit:setupCode')}</span>
            <span className="font-mono text-3xl font-semibold tracking-widest text-foreground sm:text-4xl" data-testid="homekit-setup-code">
              {status.setupCode}
            </span>
            <span className="max-w-xs text-center text-sm text-foreground-muted sm:text-left">{status.paired ? t('homekit:pairMore') : t('homekit:pairHow')}</span>
          </div>
        </div>
      ) : (
        <p className="text-sm text-foreground-muted" data-testid="homekit-no-code">
          {t('homekit:noCode')}
        </p>
      )}
      <div className="flex flex-col items-start gap-1">
        <Button variant="danger" disabled={resetting || !status.setupCode} onClick={confirmReset.ask} data-testid="homekit-reset">
          {resetting ? t('homekit:resetting') : t('homekit:reset')}
        </Button>
        <span className="text-sm text-foreground-muted">{t('homekit:resetHint')}</span>
      </div>
      <ConfirmDialog
        {...confirmReset.dialog}
        title={t('homekit:resetConfirmTitle')}
        message={t('homekit:resetConfirmMessage')}
        confirmLabel={t('homekit:reset')}
      />
    </div>
  );
}
