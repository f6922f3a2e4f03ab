import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiTokenInfo } from '@homecam/shared';
import { useApiTokens, useRevokeApiToken } from '../../../hooks/use-access';
import { QueryStatus } from '../../layout/QueryStatus';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { PlusIcon, TrashIcon } from '../../ui/icons';
import { CreateTokenDialog } from './CreateTokenDialog';
import { RevokeTokenDialog, useRevokeToken } from './RevokeTokenDialog';
import { TokenDetails } from './TokenDetails';

/**
 * Issue 21: a user's API tokens for integrations. Their owner makes them here (Settings → Account, `own`); the owner
 * or an admin (Settings → Users) revokes them. Never shows a token except once, right after it is made.
 */
export function TokensCard({ userId, own }: { userId: number; own: boolean }) {
  const { t } = useTranslation();
  const tokens = useApiTokens(userId);
  const revokeById = useRevokeApiToken(userId);
  const revoke = useRevokeToken<ApiTokenInfo>({ mutate: (token, callbacks) => revokeById.mutate(token.id, callbacks), isPending: revokeById.isPending });
  const [creating, setCreating] = useState(false);

  return (
    <Card title={t('access:tokens.title')} description={t('access:tokens.hint')}>
      <div data-testid="tokens-card" className="flex flex-col gap-3">
        <QueryStatus query={tokens} />
        {tokens.data?.length === 0 ? <p className="text-sm text-foreground-muted">{t('access:tokens.none')}</p> : null}
        <ul className="divide-y divide-border">
          {tokens.data?.map((token) => <TokenRow key={token.id} token={token} onRevoke={() => revoke.ask(token)} />)}
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
      <RevokeTokenDialog flow={revoke} message={t('access:tokens.revokeMessage', { name: revoke.revoking?.name ?? '' })} />
    </Card>
  );
}

function TokenRow({ token, onRevoke }: { token: ApiTokenInfo; onRevoke: () => void }) {
  const { t } = useTranslation();
  return (
    <li className="flex flex-wrap items-center gap-3 py-3" data-testid="token-row">
      <TokenDetails token={token} />
      <Button variant="ghost" size="sm" onClick={onRevoke} aria-label={t('access:tokens.revokeOne', { name: token.name })} data-testid="token-revoke">
        <TrashIcon /> {t('access:tokens.revoke')}
      </Button>
    </li>
  );
}
