import { useTranslation } from 'react-i18next';
import { useHasAnyPermission, useRouteAccess } from '../../../../hooks/use-permissions';
import { ROUTES } from '../../../../routing/route-table';
import { Checkbox } from '../../../ui/Checkbox';
import type { WidgetSettingsProps } from '../../widget-types';
import { SHORTCUT_PAGES, type ShortcutsSettings } from './shortcuts-settings';

type ActionKey = 'atHome' | 'reload' | 'signOut' | 'restart';

export function ShortcutsSettingsForm({ settings, onChange }: WidgetSettingsProps<ShortcutsSettings>) {
  const { t } = useTranslation(['widgets', 'common']);
  const mayOpen = useRouteAccess();
  const admin = useHasAnyPermission(['admin']);
  const mayEditAtHome = useHasAnyPermission(['settings:general:edit']);
  const togglePage = (key: (typeof SHORTCUT_PAGES)[number], on: boolean) =>
    onChange({ ...settings, pages: on ? SHORTCUT_PAGES.filter((page) => page === key || settings.pages.includes(page)) : settings.pages.filter((page) => page !== key) });
  const actions: { key: ActionKey; shown: boolean }[] = [
    { key: 'atHome', shown: mayEditAtHome },
    { key: 'reload', shown: true },
    { key: 'signOut', shown: true },
    { key: 'restart', shown: admin },
  ];
  return (
    <div className="flex flex-col gap-4">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-semibold text-foreground">{t('widgets:shortcuts.pages')}</legend>
        {SHORTCUT_PAGES.filter((key) => mayOpen(key)).map((key) => (
          <Checkbox
            key={key}
            label={t(`common:${ROUTES[key].titleKey}`)}
            checked={settings.pages.includes(key)}
            onChange={(event) => togglePage(key, event.target.checked)}
            data-testid={`shortcuts-page-${key}`}
          />
        ))}
      </fieldset>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-semibold text-foreground">{t('widgets:shortcuts.actions')}</legend>
        {actions
          .filter((action) => action.shown)
          .map(({ key }) => (
            <Checkbox key={key} label={t(`widgets:shortcuts.${key}`)} checked={settings[key]} onChange={(event) => onChange({ ...settings, [key]: event.target.checked })} />
          ))}
      </fieldset>
    </div>
  );
}
