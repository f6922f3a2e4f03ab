import { useId, useRef, type ReactNode } from 'react';
import { useModalDialog } from './use-modal-dialog';

export interface ModalProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Buttons row. */
  footer?: ReactNode;
  testId?: string;
  /** `wide` for long forms (camera settings). */
  size?: 'default' | 'wide';
}

/**
 * A modal dialog on the native `<dialog>` (useModalDialog): focus stays inside, Escape closes only the topmost
 * dialog (a confirm opened on top of a modal closes alone), the page is locked behind it and focus goes back to
 * the opener on close. Escape and a click on the backdrop close it.
 */
export function Modal(props: ModalProps) {
  return props.open ? <OpenModal {...props} /> : null;
}

function OpenModal({ title, onClose, children, footer, testId, size = 'default' }: ModalProps) {
  const titleId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const handlers = useModalDialog(dialog, onClose);

  return (
    // The keyboard path is Escape (the cancel event); the backdrop click is the mouse's equivalent.
    <dialog
      ref={dialog}
      {...handlers}
      aria-labelledby={titleId}
      data-testid={testId}
      className="fixed inset-0 m-0 h-dvh max-h-none w-full max-w-none items-center justify-center overflow-hidden bg-overlay p-4 text-foreground open:flex backdrop:bg-transparent"
    >
      <div
        className={`flex max-h-[90dvh] w-full flex-col rounded-xl border border-border bg-surface-raised shadow-panel ${size === 'wide' ? 'max-w-3xl' : 'max-w-lg'}`}
      >
        <h2 id={titleId} className="px-5 pt-5 text-lg font-semibold break-words text-foreground">
          {title}
        </h2>
        <div className="overflow-y-auto px-5 py-4">{children}</div>
        {footer ? <div className="flex justify-end gap-2 border-t border-border px-5 py-3">{footer}</div> : null}
      </div>
    </dialog>
  );
}
