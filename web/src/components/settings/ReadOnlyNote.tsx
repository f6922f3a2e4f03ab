import { useTranslation } from 'react-i18next';

/** Users with only the access permission see the values but cannot change them. */
export function ReadOnlyNote() {
  const { t } = useTranslation();
  return (
    <p className="text-sm text-foreground-muted" data-testid="settings-read-only">
      {t('events:settings.readOnly')}
    </p>
  );
}
