import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';

/** The ten recovery codes, this once: the server keeps only their hashes. */
export function RecoveryCodesPanel({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-3" data-testid="recovery-codes">
      <p role="status" className="text-sm font-medium text-foreground">{t('settings:twoFactor.enabled')}</p>
      <p className="text-sm text-foreground-muted">{t('settings:twoFactor.recoveryIntro')}</p>
      <ol className="grid grid-cols-2 gap-2 font-mono text-sm text-foreground sm:grid-cols-5">
        {codes.map((code) => (
          <li key={code} className="rounded bg-muted px-2 py-1 text-center" data-testid="recovery-code">
            {code}
          </li>
        ))}
      </ol>
      <div>
        <Button onClick={onDone} data-testid="recovery-codes-done">
          {t('settings:twoFactor.savedCodes')}
        </Button>
      </div>
    </div>
  );
}
