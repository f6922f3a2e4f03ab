import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';

export interface ConfigToolbarProps {
  dirty: boolean;
  validJson: boolean;
  saving: boolean;
  modifiedAt: string | undefined;
  onSave: () => void;
  onRevert: () => void;
  onFormat: () => void;
  onDownload: () => void;
}

/** Save, Revert, Format, Download and the file's last modification; wraps on a phone. */
export function ConfigToolbar({ dirty, validJson, saving, modifiedAt, onSave, onRevert, onFormat, onDownload }: ConfigToolbarProps) {
  const { t, i18n } = useTranslation();
  const time = modifiedAt ? new Date(modifiedAt).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' }) : null;
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="config-toolbar">
      <Button size="sm" onClick={onSave} disabled={!dirty || !validJson || saving} data-testid="config-save">
        {saving ? t('editor:toolbar.saving') : t('editor:toolbar.save')}
      </Button>
      <Button size="sm" variant="secondary" onClick={onRevert} disabled={!dirty || saving} data-testid="config-revert">
        {t('editor:toolbar.revert')}
      </Button>
      <Button size="sm" variant="secondary" onClick={onFormat} disabled={!validJson} data-testid="config-format">
        {t('editor:toolbar.format')}
      </Button>
      <Button size="sm" variant="secondary" onClick={onDownload} data-testid="config-download">
        {t('editor:toolbar.download')}
      </Button>
      <span className="ms-auto text-xs text-foreground-muted" data-testid="config-modified">
        {dirty ? <span className="me-2 font-medium text-warning">{t('editor:unsaved')}</span> : null}
        {time ? t('editor:lastModified', { time }) : null}
      </span>
    </div>
  );
}
