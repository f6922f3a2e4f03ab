import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiTokenInfo } from '@homecam/shared';
import { permissionLabelKey } from '../../../forms/field-validation';
import { useApiTokens, useRevokeApiToken } from '../../../hooks/use-access';
import { useToast } from '../../../hooks/use-toast';
import { formatTime } from '../../../lib/event-format';
import { QueryStatus } from '../../layout/QueryStatus';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { PlusIcon, TrashIcon } from '../../ui/icons';
import { CreateTokenDialog } from './CreateTokenDialog';

/**
 * Issue 21: a user's API tokens for integrations. Their owner makes them here (Settings → Account, `own`); the owner
 * or an admin (Settings → Users) revokes them. Never shows a token except once, right after it is made.
 */
export function TokensCard({ userId, own }: { userId: number; own: boolean }) {
  const { t } = useTranslation();
  const toast = useToast();
  const tokens = useApiTokens(userId);
  const revoke = useRevokeApiToken(userId);
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiTokenInfo | null>(null);

  function confirmRevoke(token: ApiTokenInfo) {
    revoke.mutate(token.id, {
      onSuccess: () => toast.success(t('access:tokens.revoked', { name: token.name })),
      onError: toast.apiError,
      onSettled: () => setRevoking(null),
    });
  }

  return (
    <Card title={t('access:tokens.title')} description={t('access:tokens.hint')}>
      <div data-testid="tokens-card" className="flex flex-col gap-3">
        <QueryStatus query={tokens} />
        {tokens.data?.length === 0 ? <p className="text-sm text-foreground-muted">{t('access:tokens.none')}</p> : null}
        <ul className="divide-y divide-border">
          {tokens.data?.map((token) => <TokenRow key={token.id} token={token} onRevoke={() => setRevoking(token)} />)}
        </ul>
        {own ? (
          <div>
            <Button onClick={() => setCreating(true)} data-testid="token-create-open">
              <PlusIcon /> {t('access:tokens.new')}
            </Button>
          </div>
        ) : null}
      </div>
      {creating ? <CreateTokenDialog onClose={() => setCreating(false)} /> : null}
      <ConfirmDialog
        open={revoking !== null}
        busy={revoke.isPending}
        title={t('access:tokens.revokeTitle')}
        message={t('access:tokens.revokeMessage', { name: revoking?.name ?? '' })}
        confirmLabel={t('access:tokens.revoke')}
        onConfirm={() => revoking && confirmRevoke(revoking)}
        onCancel={() => setRevoking(null)}
      />
    </Card>
  );
}

function TokenRow({ token, onRevoke }: { token: ApiTokenInfo; onRevoke: () => void }) {
  const { t, i18n } = useTranslation();
  const date = (iso: string) => formatTime(iso, i18n.language);
  let life = t('access:tokens.noExpiry');
  if (token.expired) life = t('access:tokens.expired');
  else if (token.expiresAt) life = t('access:tokens.expires', { date: date(token.expiresAt) });
  return (
    <li className="flex flex-wrap items-center gap-3 py-3" data-testid="token-row">
      <div className="min-w-0 flex-1">
        <p className="font-medium break-words text-foreground">
          {token.name}
          {token.expired ? <span className="ml-2 rounded bg-muted px-1.5 py-0.5 text-xs font-normal text-danger">{life}</span> : null}
        </p>
        <p className="text-xs break-words text-foreground-muted">{token.scopes.map((scope) => t(permissionLabelKey(scope))).join(', ')}</p>
        <p className="text-xs break-words text-foreground-muted">
          {[
            t('access:tokens.created', { date: date(token.createdAt) }),
            token.lastUsedAt ? t('access:tokens.lastUsed', { date: date(token.lastUsedAt) }) : t('access:tokens.neverUsed'),
            token.expired ? null : life,
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
      </div>
      <Button variant="ghost" size="sm" onClick={onRevoke} aria-label={t('access:tokens.revokeOne', { name: token.name })} data-testid="token-revoke">
        <TrashIcon /> {t('access:tokens.revoke')}
      </Button>
    </li>
  );
}
