import { useRef, type ReactNode } from 'react';
import { useModalDialog } from './use-modal-dialog';

export interface ModalFrameProps {
  onClose: () => void;
  /** The id of the heading that names the dialog. */
  titleId: string;
  testId?: string | undefined;
  /** Where the panel sits in the window (Modal: centred, Drawer: at the right edge). */
  placement: string;
  children: ReactNode;
}

/**
 * The native `<dialog>` that Modal and Drawer sit in (useModalDialog): it fills the window and is the backdrop, so
 * a click on it (around the panel) closes, as Escape does; the keyboard path is Escape (the cancel event).
 */
export function ModalFrame({ onClose, titleId, testId, placement, children }: ModalFrameProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const handlers = useModalDialog(dialog, onClose);
  return (
    <dialog
      ref={dialog}
      {...handlers}
      aria-labelledby={titleId}
      data-testid={testId}
      className={`fixed inset-0 m-0 h-dvh max-h-none w-full max-w-none overflow-hidden bg-overlay text-foreground open:flex backdrop:bg-transparent ${placement}`}
    >
      {children}
    </dialog>
  );
}
