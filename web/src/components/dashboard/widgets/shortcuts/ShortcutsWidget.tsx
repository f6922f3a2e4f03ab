import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useHasAnyPermission, useRouteAccess } from '../../../../hooks/use-permissions';
import { useSessionActions } from '../../../../hooks/use-session';
import { useToast } from '../../../../hooks/use-toast';
import { ROUTES } from '../../../../routing/route-table';
import { Button } from '../../../ui/Button';
import { Checkbox } from '../../../ui/Checkbox';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import type { WidgetProps } from '../../widget-types';
import { getAtHome, patchAtHome, restartServer } from './shortcuts-api';
import type { ShortcutsSettings } from './shortcuts-settings';

const AT_HOME_KEY = ['settings', 'at-home'] as const;

/** The At Home switch: shown only to users who may change it, and only once its state is known. */
function AtHomeToggle() {
  const { t } = useTranslation('widgets');
  const toast = useToast();
  const queryClient = useQueryClient();
  const state = useQuery({ queryKey: AT_HOME_KEY, queryFn: ({ signal }) => getAtHome(signal), retry: false });
  const toggle = useMutation({
    mutationFn: (atHome: boolean) => patchAtHome({ atHome }),
    onSuccess: (next) => queryClient.setQueryData(AT_HOME_KEY, next),
    onError: (error) => toast.apiError(error),
  });
  if (!state.isSuccess) return null;
  return (
    <Checkbox
      label={t('widgets:shortcuts.atHome')}
      checked={state.data.atHome}
      disabled={toggle.isPending}
      onChange={(event) => toggle.mutate(event.target.checked)}
      data-testid="shortcuts-at-home"
    />
  );
}

function RestartButton() {
  const { t } = useTranslation('widgets');
  const toast = useToast();
  const [confirm, setConfirm] = useState(false);
  const restart = useMutation({
    mutationFn: restartServer,
    onSuccess: () => toast.info(t('widgets:shortcuts.restarting')),
    onError: (error) => toast.apiError(error),
    onSettled: () => setConfirm(false),
  });
  return (
    <>
      <Button size="sm" variant="danger" onClick={() => setConfirm(true)} data-testid="shortcuts-restart">
        {t('widgets:shortcuts.restart')}
      </Button>
      <ConfirmDialog
        open={confirm}
        title={t('widgets:shortcuts.restartTitle')}
        message={t('widgets:shortcuts.restartMessage')}
        confirmLabel={t('widgets:shortcuts.restart')}
        cancelLabel={t('widgets:shortcuts.cancel')}
        busy={restart.isPending}
        onConfirm={() => restart.mutate()}
        onCancel={() => setConfirm(false)}
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
