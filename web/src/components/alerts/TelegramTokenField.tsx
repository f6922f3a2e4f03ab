import { useTranslation } from 'react-i18next';
import { Button } from '../ui/Button';
import { TextField } from '../ui/TextField';
import type { TokenChoice } from './telegram-form';

/**
 * The write-only bot token: the page never has it, only whether one is stored. Replace opens a password field,
 * Clear removes it on save; either can be undone before saving.
 */
export function TelegramTokenField({
  isSet,
  choice,
  onChange,
  invalid,
  disabled,
}: {
  isSet: boolean;
  choice: TokenChoice;
  onChange: (next: TokenChoice) => void;
  invalid: boolean;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const status = choice.mode === 'clear' ? t('alerts-telegram:token.willClear') : isSet ? t('alerts-telegram:token.set') : t('alerts-telegram:token.unset');
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm font-medium text-foreground-muted">{t('alerts-telegram:token.label')}</span>
        <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-medium text-foreground" data-testid="telegram-token-state" data-set={isSet}>
          {status}
        </span>
        {disabled ? null : (
          <div className="ml-auto flex gap-2">
            {choice.mode === 'keep' ? (
              <Button size="sm" variant="secondary" onClick={() => onChange({ mode: 'replace', value: '' })} data-testid="telegram-token-replace">
                {isSet ? t('alerts-telegram:token.replace') : t('alerts-telegram:token.setToken')}
              </Button>
            ) : (
              <Button size="sm" variant="ghost" onClick={() => onChange({ mode: 'keep' })} data-testid="telegram-token-undo">
                {t('alerts-telegram:token.undo')}
              </Button>
            )}
            {isSet && choice.mode === 'keep' ? (
              <Button size="sm" variant="ghost" onClick={() => onChange({ mode: 'clear' })} data-testid="telegram-token-clear">
                {t('alerts-telegram:token.clear')}
              </Button>
            ) : null}
          </div>
        )}
      </div>
      {choice.mode === 'replace' ? (
        <TextField
          label={t('alerts-telegram:token.new')}
          type="password"
          autoComplete="new-password"
          spellCheck={false}
          value={choice.value}
          hint={t('alerts-telegram:token.hint')}
          // An empty field only keeps Save disabled; the rule shows once something is typed.
          error={invalid && choice.value !== '' ? t('alerts-telegram:token.invalid') : null}
          onChange={(e) => onChange({ mode: 'replace', value: e.target.value })}
          data-testid="telegram-token-input"
        />
      ) : null}
    </div>
  );
}
