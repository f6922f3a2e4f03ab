import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DASHBOARD_MAX_WIDGETS } from '@homecam/shared';
import { DashboardGrid } from '../../components/dashboard/DashboardGrid';
import {
  addWidget,
  canUseWidget,
  defaultLayout,
  newWidgetId,
  removeWidget,
  updateSettings,
  visibleWidgets,
} from '../../lib/dashboard-layout';
import { WIDGET_REGISTRY } from '../../components/dashboard/widget-registry';
import { WidgetDrawer } from '../../components/dashboard/WidgetDrawer';
import { PageTitle } from '../../components/layout/PageTitle';
import { Button } from '../../components/ui/Button';
import { ConfirmDialog, useConfirm } from '../../components/ui/ConfirmDialog';
import { PlusIcon } from '../../components/ui/icons';
import { Spinner } from '../../components/ui/Spinner';
import { useDashboardLayout } from '../../hooks/use-dashboard-layout';
import { useCurrentUser } from '../../hooks/use-session';
import { ROUTES } from '../../routing/route-table';

/** /dashboard: the user's widget board with its toolbar (add from the drawer, lock, reset to the default). */
export function DashboardView() {
  const { t } = useTranslation(['dashboard', 'common']);
  const permissions = useCurrentUser()?.permissionLevel;
  const registry = WIDGET_REGISTRY;
  const { layout, loading, change } = useDashboardLayout(registry, permissions);
  const [drawer, setDrawer] = useState(false);
  const confirmReset = useConfirm(() => change(defaultLayout(registry, permissions)));

  if (loading || !layout) return <Spinner label={t('dashboard:loading')} />;
  const widgets = visibleWidgets(layout, registry, permissions);
  const addable = registry.filter((definition) => canUseWidget(definition, permissions));
  return (
    <>
      <PageTitle
        actions={
        <div className="flex flex-wrap gap-2">
          {layout.locked ? null : (
            <Button size="sm" onClick={() => setDrawer(true)} data-testid="dashboard-add">
              <PlusIcon width={16} height={16} />
              {t('dashboard:toolbar.add')}
            </Button>
          )}
          <Button
            size="sm"
            variant="secondary"
            aria-pressed={layout.locked}
            onClick={() => change({ ...layout, locked: !layout.locked })}
            data-testid="dashboard-lock"
          >
            {layout.locked ? t('dashboard:toolbar.unlock') : t('dashboard:toolbar.lock')}
          </Button>
          {layout.locked ? null : (
            <Button size="sm" variant="ghost" onClick={confirmReset.ask} data-testid="dashboard-reset">
              {t('dashboard:toolbar.reset')}
            </Button>
          )}
        </div>
        }
      >
        {t(`common:${ROUTES.dashboard.titleKey}`)}
      </PageTitle>
      {widgets.length === 0 ? (
        <p className="text-sm text-foreground-muted" data-testid="dashboard-empty">
          {t('dashboard:empty')}
        </p>
      ) : null}
      <DashboardGrid
        layout={layout}
        widgets={widgets}
        registry={registry}
        onRemove={(id) => change(removeWidget(layout, id, registry, permissions))}
        onSettings={(id, settings) => change(updateSettings(layout, id, settings))}
        onMoved={change}
      />
      <WidgetDrawer
        open={drawer}
        definitions={addable}
        full={layout.widgets.length >= DASHBOARD_MAX_WIDGETS}
        onAdd={(definition) => {
          change(addWidget(layout, definition, newWidgetId(definition.type), registry, permissions));
          setDrawer(false);
        }}
        onClose={() => setDrawer(false)}
      />
      <ConfirmDialog
        {...confirmReset.dialog}
        title={t('dashboard:reset.title')}
        message={t('dashboard:reset.message')}
        confirmLabel={t('dashboard:reset.confirm')}
      />
    </>
  );
}
