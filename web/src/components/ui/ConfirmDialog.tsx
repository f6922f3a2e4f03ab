import { useState } from 'react';
import { Button } from './Button';
import { Modal } from './Modal';
import { ModalActions } from './ModalActions';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  /** Translated; "Cancel" (common actions.cancel) when not given. */
  cancelLabel?: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog({ open, title, message, confirmLabel, cancelLabel, busy, onConfirm, onCancel }: ConfirmDialogProps) {
  return (
    <Modal
      open={open}
      title={title}
      onClose={onCancel}
      testId="confirm-dialog"
      footer={
        <ModalActions onCancel={onCancel} cancelLabel={cancelLabel}>
          <Button variant="danger" onClick={onConfirm} disabled={busy} data-testid="confirm-dialog-confirm">
            {confirmLabel}
          </Button>
        </ModalActions>
      }
    >
      <p className="text-sm text-foreground">{message}</p>
    </Modal>
  );
}

/**
 * The open state of a confirm dialog that a button asks: `ask()` opens it, Cancel (or Escape) closes it, Confirm
 * closes it and runs `onConfirm`. With `stayOpen` Confirm leaves it open (busy while the action runs) and the
 * action calls the `close` it is given when it is done. Spread `dialog` on <ConfirmDialog>.
 */
export function useConfirm(onConfirm: (close: () => void) => void, { stayOpen = false }: { stayOpen?: boolean } = {}) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  const confirm = () => {
    if (!stayOpen) close();
    onConfirm(close);
  };
  return { ask: () => setOpen(true), close, dialog: { open, onConfirm: confirm, onCancel: close } };
}
