import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon, PlusIcon } from '../ui/icons';
import { useModalDialog } from '../ui/use-modal-dialog';
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
export function WidgetDrawer(props: WidgetDrawerProps) {
  return props.open ? <DrawerPanel {...props} /> : null;
}

function DrawerPanel({ definitions, full, onAdd, onClose }: WidgetDrawerProps) {
  const { t } = useTranslation(['dashboard', 'widgets']);
  const titleId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const handlers = useModalDialog(dialog, onClose);
  return (
    // Like the events filter drawer: the `<dialog>` is the backdrop (a click closes), the panel sits at the right.
    <dialog
      ref={dialog}
      {...handlers}
      aria-labelledby={titleId}
      className="fixed inset-0 m-0 h-dvh max-h-none w-full max-w-none justify-end overflow-hidden bg-overlay p-0 text-foreground open:flex backdrop:bg-transparent"
      data-testid="widget-drawer"
    >
      <div className="flex h-full w-full max-w-sm flex-col border-l border-border bg-surface-raised shadow-panel">
        <div className="flex items-center justify-between border-b border-border px-5 py-4">
          <h2 id={titleId} className="text-lg font-semibold text-foreground">{t('dashboard:drawer.title')}</h2>
          <button type="button" onClick={onClose} aria-label={t('dashboard:drawer.close')} className="rounded p-1 text-foreground hover:bg-muted">
            <CloseIcon width={20} height={20} />
          </button>
        </div>
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
      </div>
    </dialog>
  );
}
