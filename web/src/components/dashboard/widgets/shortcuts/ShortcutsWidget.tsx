import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useHasAnyPermission, useRouteAccess } from '../../../../hooks/use-permissions';
import { useSessionActions } from '../../../../hooks/use-session';
import { useToast } from '../../../../hooks/use-toast';
import { ROUTES } from '../../../../routing/route-table';
import { Button } from '../../../ui/Button';
import { Checkbox } from '../../../ui/Checkbox';
import { ConfirmDialog, useConfirm } from '../../../ui/ConfirmDialog';
import type { WidgetProps } from '../../widget-types';
import { useAtHome, useRestartRequest, useUpdateAtHome } from '../../../../hooks/use-system';
import type { ShortcutsSettings } from './shortcuts-settings';

/** The At Home switch (the same query and optimistic update as Settings → System): once its state is known. */
function AtHomeToggle() {
  const { t } = useTranslation('widgets');
  const toast = useToast();
  const state = useAtHome();
  const toggle = useUpdateAtHome();
  if (!state.isSuccess) return null;
  return (
    <Checkbox
      label={t('widgets:shortcuts.atHome')}
      checked={state.data.atHome}
      disabled={toggle.isPending}
      onChange={(event) => toggle.mutate({ atHome: event.target.checked }, { onError: (error) => toast.apiError(error) })}
      data-testid="shortcuts-at-home"
    />
  );
}

function RestartButton() {
  const { t } = useTranslation('widgets');
  const toast = useToast();
  const restart = useRestartRequest();
  const confirm = useConfirm(
    (close) =>
      restart.mutate(undefined, {
        onSuccess: () => toast.info(t('widgets:shortcuts.restarting')),
        onError: (error) => toast.apiError(error),
        onSettled: close,
      }),
    { stayOpen: true },
  );
  return (
    <>
      <Button size="sm" variant="danger" onClick={confirm.ask} data-testid="shortcuts-restart">
        {t('widgets:shortcuts.restart')}
      </Button>
      <ConfirmDialog
        {...confirm.dialog}
        busy={restart.isPending}
        title={t('widgets:shortcuts.restartTitle')}
        message={t('widgets:shortcuts.restartMessage')}
        confirmLabel={t('widgets:shortcuts.restart')}
      />
    </>
  );
}

/** Shortcuts widget: links to the app pages the user may open, At Home, reload, sign out and (admins) restart. */
export function ShortcutsWidget({ settings }: WidgetProps<ShortcutsSettings>) {
  const { t } = useTranslation(['widgets', 'common']);
  const mayOpen = useRouteAccess();
  const mayEditAtHome = useHasAnyPermission(['settings:general:edit']);
  const admin = useHasAnyPermission(['admin']);
  const { logout } = useSessionActions();
  const pages = settings.pages.filter((key) => mayOpen(key));
  return (
    <div className="flex flex-col gap-3" data-testid="shortcuts-widget">
      {pages.length > 0 ? (
        <ul className="flex flex-wrap gap-2">
          {pages.map((key) => (
            <li key={key}>
              <Link to={ROUTES[key].path} className="inline-flex h-8 items-center rounded-lg bg-muted px-3 text-sm text-foreground hover:bg-border" data-testid={`shortcut-${key}`}>
                {t(`common:${ROUTES[key].titleKey}`)}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      {settings.atHome && mayEditAtHome ? <AtHomeToggle /> : null}
      <div className="flex flex-wrap gap-2">
        {settings.reload ? (
          <Button size="sm" variant="secondary" onClick={() => window.location.reload()} data-testid="shortcuts-reload">
            {t('widgets:shortcuts.reload')}
          </Button>
        ) : null}
        {settings.signOut ? (
          <Button size="sm" variant="secondary" onClick={logout} data-testid="shortcuts-sign-out">
            {t('widgets:shortcuts.signOut')}
          </Button>
        ) : null}
        {settings.restart && admin ? <RestartButton /> : null}
      </div>
    </div>
  );
}
