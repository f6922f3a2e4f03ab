import { useTranslation } from 'react-i18next';
import { INTEGRATION_KINDS } from '@homecam/shared';
import { PageTitle } from '../../components/layout/PageTitle';
import { QueryStatus } from '../../components/layout/QueryStatus';
import { IntegrationCard } from '../../components/plugins/IntegrationCard';
import { useIntegrations } from '../../hooks/use-plugins';

/** /plugins (admin): what HomeCam really runs, grouped by kind, refreshed every few seconds while visible. */
export function PluginsView() {
  const { t } = useTranslation();
  const query = useIntegrations();
  const list = query.data ?? [];
  return (
    <>
      <PageTitle>{t('routes.plugins')}</PageTitle>
      <p className="mb-4 max-w-3xl text-sm text-foreground-muted">{t('plugins:intro')}</p>
      <QueryStatus query={query} />
      {INTEGRATION_KINDS.map((kind) => {
        const entries = list.filter((entry) => entry.kind === kind);
        if (entries.length === 0) return null;
        return (
          <section key={kind} className="mb-6">
            <h2 className="mb-2 text-sm font-semibold uppercase tracking-wide text-foreground-muted">{t(`plugins:groups.${kind}`)}</h2>
            <ul className="grid grid-cols-1 gap-3 md:grid-cols-2 xl:grid-cols-3">
              {entries.map((entry) => (
                <IntegrationCard key={entry.id} integration={entry} />
              ))}
            </ul>
          </section>
        );
      })}
    </>
  );
}
