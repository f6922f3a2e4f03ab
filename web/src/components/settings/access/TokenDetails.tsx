import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiTokenInfo } from '@homecam/shared';
import { permissionLabelKey } from '../../../forms/field-validation';
import { formatTime } from '../../../lib/event-format';

/**
 * What a token row says about a token, in a user's list and in the admin's list of all: its name (marked when
 * expired), what it may do, when it was made, last used and expires. `owner` goes before the name (the admin's list).
 */
export function TokenDetails({ token, owner }: { token: ApiTokenInfo; owner?: ReactNode }) {
  const { t, i18n } = useTranslation();
  const date = (iso: string) => formatTime(iso, i18n.language);
  let life = t('access:tokens.noExpiry');
  if (token.expired) life = t('access:tokens.expired');
  else if (token.expiresAt) life = t('access:tokens.expires', { date: date(token.expiresAt) });
  return (
    <div className="min-w-0 flex-1">
      {owner}
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
  );
}
