import { useTranslation } from 'react-i18next';

/** A form-level message (spec §5 'fill all required fields'): above the fields' own messages, read out when it appears. */
export function FormNotice({ messageKey, testId = 'form-notice' }: { messageKey: string | null; testId?: string }) {
  const { t } = useTranslation();
  if (!messageKey) return null;
  return (
    <p role="alert" className="rounded-lg border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-danger" data-testid={testId}>
      {t(messageKey)}
    </p>
  );
}
