import { useEffect, useId, useRef, type KeyboardEvent, type MouseEvent, type ReactNode, type SyntheticEvent } from 'react';
import { lockPageScroll } from './scroll-lock';

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
 * A modal dialog on the native `<dialog>` opened with showModal(): the browser traps focus, makes the page
 * behind it inert and sends Escape to the topmost dialog only, so a confirm opened on top of a modal closes
 * alone. The page does not scroll behind it, and focus goes back to the opener on close. Escape and a click
 * on the backdrop close it.
 */
const TABBABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The dialog's own fields in Tab order (positive tabindex is not used in this app), nested dialogs excluded. */
function tabbable(dialog: HTMLDialogElement): HTMLElement[] {
  return [...dialog.querySelectorAll<HTMLElement>(TABBABLE)].filter(
    (element) => element.closest('dialog') === dialog && element.getClientRects().length > 0,
  );
}

export function Modal(props: ModalProps) {
  return props.open ? <OpenModal {...props} /> : null;
}

function OpenModal({ title, onClose, children, footer, testId, size = 'default' }: ModalProps) {
  const titleId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  // The latest onClose without re-running the open effect (callers pass a new arrow on every render).
  const closeRef = useRef(onClose);
  const unmounted = useRef(false);
  useEffect(() => {
    closeRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!element.open) element.showModal();
    element.querySelector<HTMLElement>('input, select, textarea, button')?.focus();
    const unlock = lockPageScroll(document);
    unmounted.current = false;
    return () => {
      unmounted.current = true;
      if (element.open) element.close();
      unlock();
      opener?.focus();
    };
  }, []);

  // Escape: the browser fires `cancel` on the topmost dialog only. The caller decides whether it closes.
  const cancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    if (event.target !== event.currentTarget) return;
    event.preventDefault();
    closeRef.current();
  };
  // Chrome closes a dialog itself after a second Escape without user activation (it ignores preventDefault then):
  // tell the caller, so its state follows. Our own close() runs after unmount and is not reported.
  const closedByBrowser = (event: SyntheticEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget && !unmounted.current) closeRef.current();
  };
  // A modal dialog makes the page inert, but Tab past its last field would leave for the browser's own UI: wrap.
  const keyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab' || event.defaultPrevented) return;
    const focusable = tabbable(event.currentTarget);
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    const wrapTo = event.shiftKey ? (document.activeElement === first ? last : null) : document.activeElement === last ? first : null;
    if (!wrapTo) return;
    event.preventDefault();
    wrapTo.focus();
  };
  // A click on the dialog element itself is a click on the backdrop around the panel.
  const backdropClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget) closeRef.current();
  };

  return (
    // The keyboard path is Escape (the cancel event); the backdrop click is the mouse's equivalent.
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      data-testid={testId}
      onCancel={cancel}
      onClose={closedByBrowser}
      onClick={backdropClick}
      onKeyDown={keyDown}
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
