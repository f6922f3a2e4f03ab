import { useTranslation } from 'react-i18next';
import type { AdminApiTokenInfo } from '@homecam/shared';
import { useAllApiTokens, useRevokeAnyApiToken } from '../../../hooks/use-access';
import { LoadMore } from '../../events/LoadMore';
import { QueryStatus } from '../../layout/QueryStatus';
import { Card } from '../../ui/Card';
import { TrashIcon } from '../../ui/icons';
import { RowAction } from '../../ui/RowAction';
import { RevokeTokenDialog, useRevokeToken } from './RevokeTokenDialog';
import { TokenDetails } from './TokenDetails';

/**
 * Settings → Users (admin): every user's API tokens in one list, with their owners, so a token nobody recognises is
 * found without opening each user. Revoking one closes whatever it has open at once, as from the user's own list.
 */
export function AllTokensCard() {
  const { t } = useTranslation();
  const list = useAllApiTokens();
  const revoke = useRevokeToken<AdminApiTokenInfo>(useRevokeAnyApiToken());

  return (
    <Card title={t('access:allTokens.title')} description={t('access:allTokens.hint')}>
      <div data-testid="all-tokens-card" className="flex flex-col gap-3">
        <QueryStatus query={list} />
        {list.tokens?.length === 0 ? <p className="text-sm text-foreground-muted">{t('access:allTokens.none')}</p> : null}
        <ul className="divide-y divide-border">
          {list.tokens?.map((token) => (
            <li key={token.id} className="flex items-center gap-3 py-3" data-testid="all-tokens-row">
              <TokenDetails token={token} owner={<p className="text-xs font-medium break-words text-foreground-muted">{t('access:allTokens.owner', { username: token.username })}</p>} />
              <RowAction label={t('access:allTokens.revokeOne', { name: token.name, username: token.username })} testId="all-tokens-revoke" onClick={() => revoke.ask(token)}>
                <TrashIcon />
              </RowAction>
            </li>
          ))}
        </ul>
        <LoadMore hasMore={list.hasNextPage} loading={list.isFetchingNextPage} onLoad={() => void (list.isFetchingNextPage || list.fetchNextPage())} />
      </div>
      <RevokeTokenDialog flow={revoke} message={t('access:allTokens.revokeMessage', { name: revoke.revoking?.name ?? '', username: revoke.revoking?.username ?? '' })} />
    </Card>
  );
}
