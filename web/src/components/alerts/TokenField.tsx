import { useTranslation } from 'react-i18next';
import { Button } from '../ui/Button';
import { TextField } from '../ui/TextField';
import type { TokenChoice } from './alexa-form';

/** A write-only token: the page only knows whether one is stored; Replace opens a password field, Clear removes it. */
export function TokenField({ isSet, choice, disabled, onChange }: { isSet: boolean; choice: TokenChoice; disabled: boolean; onChange: (next: TokenChoice) => void }) {
  const { t } = useTranslation();
  const state = choice.mode === 'clear' ? t('alerts-webhook:alexa.tokenWillClear') : isSet ? t('alerts-webhook:alexa.tokenSet') : t('alerts-webhook:alexa.tokenUnset');
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm font-medium text-foreground-muted">{t('alerts-webhook:alexa.token')}</span>
        <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-medium text-foreground" data-testid="alexa-token-state">
          {state}
        </span>
        {disabled ? null : (
          <div className="ml-auto flex gap-2">
            {choice.mode === 'keep' ? (
              <Button size="sm" variant="secondary" onClick={() => onChange({ mode: 'replace', value: '' })} data-testid="alexa-token-replace">
                {isSet ? t('alerts-webhook:alexa.replace') : t('alerts-webhook:alexa.setToken')}
              </Button>
            ) : (
              <Button size="sm" variant="ghost" onClick={() => onChange({ mode: 'keep' })}>
                {t('alerts-webhook:alexa.undo')}
              </Button>
            )}
            {isSet && choice.mode === 'keep' ? (
              <Button size="sm" variant="ghost" onClick={() => onChange({ mode: 'clear' })} data-testid="alexa-token-clear">
                {t('alerts-webhook:alexa.clear')}
              </Button>
            ) : null}
          </div>
        )}
      </div>
      {choice.mode === 'replace' ? (
        <TextField
          label={t('alerts-webhook:alexa.newToken')}
          type="password"
          autoComplete="new-password"
          value={choice.value}
          onChange={(e) => onChange({ mode: 'replace', value: e.target.value })}
          data-testid="alexa-token-input"
        />
      ) : null}
    </div>
  );
}
