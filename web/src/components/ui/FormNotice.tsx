import { useTranslation } from 'react-i18next';
import { cn } from './cn';

/** A form-level message (spec §5 'fill all required fields'): above the fields' own messages, read out when it appears. */
export function FormNotice({ messageKey, testId = 'form-notice', className }: { messageKey: string | null; testId?: string; className?: string }) {
  const { t } = useTranslation();
  if (!messageKey) return null;
  return (
    <p role="alert" className={cn('rounded-lg border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-danger', className)} data-testid={testId}>
      {t(messageKey)}
    </p>
  );
}
