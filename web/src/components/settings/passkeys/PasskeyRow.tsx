import { useTranslation } from 'react-i18next';
import type { Passkey } from '@homecam/shared';
import { Button } from '../../ui/Button';
import { EditIcon, TrashIcon } from '../../ui/icons';

export interface PasskeyRowProps {
  passkey: Passkey;
  onRename: () => void;
  onRemove: () => void;
}

/** One passkey: its name, when it was added and last used, and its two actions (stacked under it on a phone). */
export function PasskeyRow({ passkey, onRename, onRemove }: PasskeyRowProps) {
  const { t, i18n } = useTranslation();
  // With the year: a passkey may be years old.
  const when = (iso: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(Date.parse(iso));
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between" data-testid="passkey-row">
      <div className="min-w-0">
        <p className="truncate font-medium text-foreground" data-testid="passkey-name">
          {passkey.name}
        </p>
        <p className="text-xs text-foreground-muted">
          {t('settings:passkeys.createdAt', { date: when(passkey.createdAt) })} ·{' '}
          <span data-testid="passkey-last-used">
            {passkey.lastUsedAt ? t('settings:passkeys.lastUsed', { date: when(passkey.lastUsedAt) }) : t('settings:passkeys.neverUsed')}
          </span>
        </p>
      </div>
      <div className="flex shrink-0 gap-2">
        <Button variant="secondary" size="sm" onClick={onRename} data-testid="passkey-rename-open" aria-label={t('settings:passkeys.renameOne', { name: passkey.name })}>
          <EditIcon /> {t('settings:passkeys.rename')}
        </Button>
        <Button variant="ghost" size="sm" onClick={onRemove} data-testid="passkey-remove-open" aria-label={t('settings:passkeys.removeOne', { name: passkey.name })}>
          <TrashIcon /> {t('settings:passkeys.remove')}
        </Button>
      </div>
    </li>
  );
}
