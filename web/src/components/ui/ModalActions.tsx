import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button';

export interface ModalActionsProps {
  /** Closes the dialog and changes nothing. */
  onCancel: () => void;
  /** Already translated; "Cancel" unless the dialog only shows something ("Close"). */
  cancelLabel?: string;
  /** The dialog's own buttons, after Cancel. */
  children: ReactNode;
}

/** A dialog's footer: Cancel first, then what the dialog does; the same order and look in every dialog. */
export function ModalActions({ onCancel, cancelLabel, children }: ModalActionsProps) {
  const { t } = useTranslation();
  return (
    <>
      <Button variant="secondary" onClick={onCancel}>
        {cancelLabel ?? t('actions.cancel')}
      </Button>
      {children}
    </>
  );
}
