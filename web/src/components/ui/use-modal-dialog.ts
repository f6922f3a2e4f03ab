import { useEffect, useRef, type KeyboardEvent, type MouseEvent, type RefObject, type SyntheticEvent } from 'react';
import { lockPageScroll } from './scroll-lock';

const TABBABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The dialog's own fields in Tab order (positive tabindex is not used in this app), nested dialogs excluded. */
function tabbable(dialog: HTMLDialogElement): HTMLElement[] {
  return [...dialog.querySelectorAll<HTMLElement>(TABBABLE)].filter(
    (element) => element.closest('dialog') === dialog && element.getClientRects().length > 0,
  );
}

/** The `<dialog>`'s event handlers, to spread on it. */
export interface ModalDialogHandlers {
  onCancel: (event: SyntheticEvent<HTMLDialogElement>) => void;
  onClose: (event: SyntheticEvent<HTMLDialogElement>) => void;
  onClick: (event: MouseEvent<HTMLDialogElement>) => void;
  onKeyDown: (event: KeyboardEvent<HTMLDialogElement>) => void;
}

/**
 * A native `<dialog>` opened with showModal() while the calling component is mounted: the browser traps focus,
 * makes the page behind it inert and sends Escape to the topmost dialog only, so a dialog opened on top closes
 * alone. The page does not scroll behind it, its first field gets focus, and focus goes back to the opener on
 * close. Escape and a click on the backdrop (the `<dialog>` element itself, around the panel) call onClose.
 * `ref` is the caller's, on the `<dialog>`.
 */
export function useModalDialog(ref: RefObject<HTMLDialogElement | null>, onClose: () => void): ModalDialogHandlers {
  // The latest onClose without re-running the open effect (callers pass a new arrow on every render).
  const closeRef = useRef(onClose);
  const unmounted = useRef(false);
  useEffect(() => {
    closeRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    const element = ref.current;
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
  }, [ref]);

  return {
    // Escape: the browser fires `cancel` on the topmost dialog only. The caller decides whether it closes.
    onCancel: (event) => {
      if (event.target !== event.currentTarget) return;
      event.preventDefault();
      closeRef.current();
    },
    // Chrome closes a dialog itself after a second Escape without user activation (it ignores preventDefault
    // then): tell the caller, so its state follows. Our own close() runs after unmount and is not reported.
    onClose: (event) => {
      if (event.target === event.currentTarget && !unmounted.current) closeRef.current();
    },
    // A click on the dialog element itself is a click on the backdrop around the panel.
    onClick: (event) => {
      if (event.target === event.currentTarget) closeRef.current();
    },
    // A modal dialog makes the page inert, but Tab past its last field would leave for the browser's own UI: wrap.
    onKeyDown: (event) => {
      if (event.key !== 'Tab' || event.defaultPrevented) return;
      const focusable = tabbable(event.currentTarget);
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (!first || !last) return;
      const active = document.activeElement;
      const wrapTo = event.shiftKey ? (active === first ? last : null) : active === last ? first : null;
      if (!wrapTo) return;
      event.preventDefault();
      wrapTo.focus();
    },
  };
}

/**
 * For layers that are not a `<dialog>` (the sidebar drawer): a modal dialog is always in the browser's top layer,
 * above everything else, and Escape belongs to it while one is open.
 */
export function modalDialogOpen(doc: Document): boolean {
  return doc.querySelector('dialog[open]') !== null;
}
