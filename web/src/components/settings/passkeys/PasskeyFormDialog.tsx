import { useId, type FormEvent, type ReactNode } from 'react';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';
import { ModalActions } from '../../ui/ModalActions';

export interface PasskeyFormDialogProps {
  title: string;
  intro: string;
  submitLabel: string;
  danger?: boolean;
  pending: boolean;
  onSubmit: () => void;
  onClose: () => void;
  testId: string;
  children: ReactNode;
}

/** The dialog the passkey actions share: a short explanation, the fields, Cancel and the action (Enter submits). */
export function PasskeyFormDialog({ title, intro, submitLabel, danger, pending, onSubmit, onClose, testId, children }: PasskeyFormDialogProps) {
  const formId = useId();
  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit();
  }
  return (
    <Modal
      open
      title={title}
      onClose={onClose}
      testId={testId}
      footer={
        <ModalActions onCancel={onClose}>
          <Button type="submit" form={formId} variant={danger ? 'danger' : 'primary'} disabled={pending} data-testid={`${testId}-submit`}>
            {submitLabel}
          </Button>
        </ModalActions>
      }
    >
      <form id={formId} noValidate onSubmit={submit} className="flex flex-col gap-3">
        <p className="text-sm text-foreground-muted">{intro}</p>
        {children}
      </form>
    </Modal>
  );
}
