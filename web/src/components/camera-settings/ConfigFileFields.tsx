import { useTranslation } from 'react-i18next';
import type { Camera } from '@homecam/shared';

/**
 * Spec §5: recording type and time (and the Telegram type, issue 9) are changed in the config file only; the form shows them read-only with the
 * hint where to change them.
 */
export function ConfigFileFields({ camera }: { camera?: Camera }) {
  const { t } = useTranslation();
  const unset = t('cameras:form.notSet');
  return (
    <section className="pt-3" data-testid="camera-config-file-fields">
      <h3 className="text-sm font-semibold text-foreground">{t('cameras:form.groups.recording')}</h3>
      <p className="mt-1 mb-3 text-xs text-foreground-muted">{t('cameras:form.hints.configFileOnly')}</p>
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <div>
          <dt className="text-sm font-medium text-foreground-muted">{t('cameras:fields.recordingType')}</dt>
          <dd className="mt-1 text-sm text-foreground" data-testid="camera-field-recordingType">
            {camera?.recordingType ?? unset}
          </dd>
        </div>
        <div>
          <dt className="text-sm font-medium text-foreground-muted">{t('cameras:fields.recordingTimer')}</dt>
          <dd className="mt-1 text-sm text-foreground" data-testid="camera-field-recordingTimer">
            {camera?.recordingTimer ?? unset}
          </dd>
        </div>
        <div>
          <dt className="text-sm font-medium text-foreground-muted">{t('alerts:camera.telegramType')}</dt>
          <dd className="mt-1 text-sm text-foreground" data-testid="camera-field-telegramType">
            {camera?.telegramType ?? unset}
          </dd>
        </div>
      </dl>
    </section>
  );
}
