import { useTranslation } from 'react-i18next';
import { describeError } from '../../../hooks/describe-error';
import { Spinner } from '../../ui/Spinner';

/** Loading and failure inside a widget: a spinner, then the translated error (never thrown to the board). */
export function WidgetQueryState({ query, testId }: { query: { isPending: boolean; error: unknown }; testId: string }) {
  const { t } = useTranslation();
  if (query.error) {
    return (
      <p role="alert" className="text-sm text-danger" data-testid={`${testId}-error`}>
        {describeError(t, query.error)}
      </p>
    );
  }
  return query.isPending ? <Spinner label={t('layout.loading')} /> : null;
}
