import { useTranslation } from 'react-i18next';
import { describeError } from '../../hooks/describe-error';
import { Spinner } from '../ui/Spinner';

/**
 * What a screen shows while its data loads or after it failed: a spinner, then the translated error. Every list
 * and settings view uses it, so loading and failure look and read the same everywhere.
 */
export function QueryStatus({ query, errorTestId }: { query: { isPending: boolean; error: unknown }; errorTestId?: string }) {
  const { t } = useTranslation();
  return (
    <>
      {query.isPending ? <Spinner label={t('layout.loading')} /> : null}
      {query.error ? (
        <p role="alert" className="text-sm text-danger" data-testid={errorTestId}>
          {describeError(t, query.error)}
        </p>
      ) : null}
    </>
  );
}
