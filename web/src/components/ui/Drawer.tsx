import { useId, type ReactNode } from 'react';
import { CloseIcon } from './icons';
import { ModalFrame } from './ModalFrame';

export interface DrawerProps {
  open: boolean;
  title: string;
  /** The close button's accessible name (translated). */
  closeLabel: string;
  onClose: () => void;
  /** The panel's body; it scrolls itself (`overflow-y-auto`) where it may grow. */
  children: ReactNode;
  /** Buttons row at the bottom. */
  footer?: ReactNode;
  testId?: string;
}

/**
 * A side panel at the right edge, modal like Modal (useModalDialog): Escape closes only the topmost dialog, focus
 * stays inside and goes back to the opener. The `<dialog>` fills the window and is the backdrop: a click on it closes.
 */
export function Drawer(props: DrawerProps) {
  return props.open ? <OpenDrawer {...props} /> : null;
}

function OpenDrawer({ title, closeLabel, onClose, children, footer, testId }: DrawerProps) {
  const titleId = useId();
  return (
    <ModalFrame onClose={onClose} titleId={titleId} testId={testId} placement="justify-end p-0">
      <div className="flex h-full w-full max-w-sm flex-col border-l border-border bg-surface-raised shadow-panel">
        <div className="flex items-center justify-between border-b border-border px-5 py-4">
          <h2 id={titleId} className="text-lg font-semibold text-foreground">
            {title}
          </h2>
          <button type="button" onClick={onClose} aria-label={closeLabel} className="rounded p-1 text-foreground hover:bg-muted">
            <CloseIcon width={20} height={20} />
          </button>
        </div>
        {children}
        {footer ? <div className="flex justify-end gap-2 border-t border-border px-5 py-3">{footer}</div> : null}
      </div>
    </ModalFrame>
  );
}
