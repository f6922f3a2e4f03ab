import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-error';
import { describeError } from '../../hooks/describe-error';
import { Button } from '../ui/Button';

export interface WidgetErrorProps {
  /** The failure: an API error is described by its code (errors.<CODE>), anything else by a general text. */
  error?: unknown;
  /** An already translated text instead of `error`. */
  message?: string;
  onRetry?: () => void;
}

/** What a widget shows instead of its content when its data fails or it throws: the board itself stays usable. */
export function WidgetError({ error, message, onRetry }: WidgetErrorProps) {
  const { t } = useTranslation();
  const text = message ?? (error instanceof ApiError ? describeError(t, error) : t('dashboard:error.failed'));
  return (
    <div role="alert" className="flex h-full flex-col items-center justify-center gap-2 p-2 text-center text-sm text-danger" data-testid="widget-error">
      <p>{text}</p>
      {onRetry ? (
        <Button size="sm" variant="secondary" onClick={onRetry}>
          {t('dashboard:error.retry')}
        </Button>
      ) : null}
    </div>
  );
}
