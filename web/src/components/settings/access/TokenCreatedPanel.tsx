import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';

/** A new API token, this once: the server keeps only its hash. Copy, then done. */
export function TokenCreatedPanel({ token, onDone }: { token: string; onDone: () => void }) {
  const { t } = useTranslation();
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');

  function copyToken() {
    navigator.clipboard.writeText(token).then(
      () => setCopy('copied'),
      () => setCopy('failed'),
    );
  }

  return (
    <div className="flex flex-col gap-3" data-testid="token-created">
      <p role="status" className="text-sm font-medium text-foreground">{t('access:tokens.shownOnce')}</p>
      <code className="break-all rounded bg-muted px-2 py-2 font-mono text-xs text-foreground select-all" data-testid="token-value">
        {token}
      </code>
      <p className="text-xs text-foreground-muted">{t('access:tokens.usage')}</p>
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="secondary" onClick={copyToken} data-testid="token-copy">
          {t('access:tokens.copy')}
        </Button>
        <Button onClick={onDone} data-testid="token-done">
          {t('access:tokens.done')}
        </Button>
        {copy === 'idle' ? null : (
          <span role="status" className={copy === 'copied' ? 'text-sm text-foreground' : 'text-sm text-danger'}>
            {t(copy === 'copied' ? 'access:tokens.copied' : 'access:tokens.copyFailed')}
          </span>
        )}
      </div>
    </div>
  );
}
