import { useTranslation } from 'react-i18next';
import type { ConfigLoss } from '../../components/config-editor/destructive-diff';
import { Button } from '../../components/ui/Button';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { Modal } from '../../components/ui/Modal';
import { ModalActions } from '../../components/ui/ModalActions';

/** "This save removes …": every camera, the sections and the unknown keys that would disappear. */
export function LossDialog({ loss, onConfirm, onCancel }: { loss: ConfigLoss | null; onConfirm: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const lines = loss
    ? [
        loss.cameras ? t('editor:loss.cameras') : null,
        loss.sections.filter((key) => key !== 'cameras').length > 0
          ? t('editor:loss.sections', { keys: loss.sections.filter((key) => key !== 'cameras').join(', ') })
          : null,
        loss.unknownKeys.length > 0 ? t('editor:loss.unknownKeys', { keys: loss.unknownKeys.join(', ') }) : null,
      ].filter((line): line is string => line !== null)
    : [];
  return (
    <ConfirmDialog
      open={loss !== null}
      title={t('editor:loss.title')}
      message={lines.join(' ')}
      confirmLabel={t('editor:loss.confirm')}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}

/** The file changed elsewhere since it was loaded: reload it (losing the edits) or overwrite it. */
export function ConflictDialog({ open, onReload, onOverwrite, onClose }: { open: boolean; onReload: () => void; onOverwrite: () => void; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={t('editor:conflict.title')}
      onClose={onClose}
      testId="config-conflict"
      footer={
        <ModalActions onCancel={onClose} cancelLabel={t('editor:cancel')}>
          <Button variant="secondary" onClick={onReload} data-testid="config-conflict-reload">
            {t('editor:conflict.reload')}
          </Button>
          <Button variant="danger" onClick={onOverwrite} data-testid="config-conflict-overwrite">
            {t('editor:conflict.overwrite')}
          </Button>
        </ModalActions>
      }
    >
      <p className="text-sm text-foreground">{t('editor:conflict.message')}</p>
    </Modal>
  );
}

/** Leaving the page with unsaved edits. */
export function LeaveDialog({ open, onLeave, onStay }: { open: boolean; onLeave: () => void; onStay: () => void }) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      open={open}
      title={t('editor:leave.title')}
      message={t('editor:leave.message')}
      confirmLabel={t('editor:leave.confirm')}
      cancelLabel={t('editor:leave.stay')}
      onConfirm={onLeave}
      onCancel={onStay}
    />
  );
}
