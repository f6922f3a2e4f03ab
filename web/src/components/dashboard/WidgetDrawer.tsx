import { useTranslation } from 'react-i18next';
import { Drawer } from '../ui/Drawer';
import { PlusIcon } from '../ui/icons';
import type { AnyWidgetDefinition } from './widget-types';

export interface WidgetDrawerProps {
  open: boolean;
  /** The widget types this user may add. */
  definitions: readonly AnyWidgetDefinition[];
  /** The board holds the most widgets it may. */
  full: boolean;
  onAdd: (definition: AnyWidgetDefinition) => void;
  onClose: () => void;
}

/** The side drawer listing the widgets that can be added; a click adds one at the bottom of the board. */
export function WidgetDrawer({ open, definitions, full, onAdd, onClose }: WidgetDrawerProps) {
  const { t } = useTranslation(['dashboard', 'widgets']);
  return (
    <Drawer open={open} title={t('dashboard:drawer.title')} closeLabel={t('dashboard:drawer.close')} onClose={onClose} testId="widget-drawer">
      {full ? <p className="px-5 pt-4 text-sm text-warning">{t('dashboard:drawer.full')}</p> : null}
      <ul className="flex flex-col gap-2 overflow-y-auto px-5 py-4">
        {definitions.map((definition) => (
          <li key={definition.type}>
            <button
              type="button"
              disabled={full}
              onClick={() => onAdd(definition)}
              className="flex w-full items-center gap-3 rounded-lg border border-border px-3 py-2 text-left text-sm text-foreground hover:bg-muted disabled:opacity-50"
              data-testid={`widget-add-${definition.type}`}
            >
              <PlusIcon width={16} height={16} />
              {t(definition.titleKey)}
            </button>
          </li>
        ))}
      </ul>
    </Drawer>
  );
}
