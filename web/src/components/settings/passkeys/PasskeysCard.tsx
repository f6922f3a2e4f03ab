import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Passkey } from '@homecam/shared';
import { usePasskeys } from '../../../hooks/use-passkeys';
import { passkeysAvailable } from '../../../lib/webauthn';
import { QueryStatus } from '../../layout/QueryStatus';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { PlusIcon } from '../../ui/icons';
import { AddPasskeyDialog } from './AddPasskeyDialog';
import { PasskeyRow } from './PasskeyRow';
import { RemovePasskeyDialog } from './RemovePasskeyDialog';
import { RenamePasskeyDialog } from './RenamePasskeyDialog';

type Dialog = { kind: 'add' } | { kind: 'rename' | 'remove'; passkey: Passkey } | null;

/**
 * Issue 21, Settings → Account: the own passkeys, named, with when each was added and last used; adding one (where
 * the browser and address allow passkeys; else the card says why), renaming, removing.
 */
export function PasskeysCard() {
  const { t } = useTranslation();
  const passkeys = usePasskeys();
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  const available = passkeysAvailable();
  const list = passkeys.data?.passkeys ?? [];

  return (
    <Card title={t('settings:passkeys.title')} description={t('settings:passkeys.hint')}>
      <div className="flex flex-col gap-3" data-testid="passkeys-card">
        <QueryStatus query={passkeys} />
        {passkeys.data && list.length === 0 ? (
          <p className="text-sm text-foreground" data-testid="passkeys-none">
            {t('settings:passkeys.none')}
          </p>
        ) : null}
        {list.length > 0 ? (
          <ul className="divide-y divide-border">
            {list.map((passkey) => (
              <PasskeyRow
                key={passkey.id}
                passkey={passkey}
                onRename={() => setDialog({ kind: 'rename', passkey })}
                onRemove={() => setDialog({ kind: 'remove', passkey })}
              />
            ))}
          </ul>
        ) : null}
        {available ? (
          <div>
            <Button onClick={() => setDialog({ kind: 'add' })} data-testid="passkey-add-open">
              <PlusIcon /> {t('settings:passkeys.add')}
            </Button>
          </div>
        ) : (
          <p className="text-sm text-foreground-muted" data-testid="passkeys-unavailable">
            {t('settings:passkeys.unavailable')}
          </p>
        )}
      </div>
      {dialog?.kind === 'add' ? <AddPasskeyDialog onClose={close} /> : null}
      {dialog?.kind === 'rename' ? <RenamePasskeyDialog passkey={dialog.passkey} onClose={close} /> : null}
      {dialog?.kind === 'remove' ? <RemovePasskeyDialog passkey={dialog.passkey} onClose={close} /> : null}
    </Card>
  );
}
