import { useTranslation } from 'react-i18next';
import { Button } from './Button';
import { TextField } from './TextField';

/** `keep`: leave the stored secret; `replace`: the typed value; `clear`: remove it on save. */
export type SecretChoice = { mode: 'keep' } | { mode: 'replace'; value: string } | { mode: 'clear' };

/** The words a secret field reads from its i18n group; scripts/check-i18n.mjs checks every group in use has them all. */
export const SECRET_FIELD_WORDS = ['label', 'set', 'unset', 'willClear', 'replace', 'setNew', 'clear', 'undo', 'new'] as const;

export interface SecretFieldProps {
  /** The i18n group with the SECRET_FIELD_WORDS (`'alerts-telegram:token'`): each secret keeps its own wording and grammar. */
  i18nGroup: `${string}:${string}`;
  /** Test ids: `<testId>-state`, `-replace`, `-undo`, `-clear` and `-input`. */
  testId: string;
  isSet: boolean;
  choice: SecretChoice;
  onChange: (next: SecretChoice) => void;
  /** Without the right to change it, only whether one is stored shows. */
  disabled?: boolean;
  hint?: string;
  error?: string | null;
}

/**
 * A write-only secret (a bot token, an access key): the page never has it, only whether one is stored. Replace
 * opens a password field, Clear removes it on save; either can be undone before saving.
 */
export function SecretField({ i18nGroup, testId, isSet, choice, onChange, disabled = false, hint, error = null }: SecretFieldProps) {
  const { t } = useTranslation();
  const word = (name: (typeof SECRET_FIELD_WORDS)[number]) => t(`${i18nGroup}.${name}`);
  const state = choice.mode === 'clear' ? word('willClear') : isSet ? word('set') : word('unset');
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm font-medium text-foreground-muted">{word('label')}</span>
        <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-medium text-foreground" data-testid={`${testId}-state`} data-set={isSet}>
          {state}
        </span>
        {disabled ? null : (
          <div className="ml-auto flex gap-2">
            {choice.mode === 'keep' ? (
              <Button size="sm" variant="secondary" onClick={() => onChange({ mode: 'replace', value: '' })} data-testid={`${testId}-replace`}>
                {isSet ? word('replace') : word('setNew')}
              </Button>
            ) : (
              <Button size="sm" variant="ghost" onClick={() => onChange({ mode: 'keep' })} data-testid={`${testId}-undo`}>
                {word('undo')}
              </Button>
            )}
            {isSet && choice.mode === 'keep' ? (
              <Button size="sm" variant="ghost" onClick={() => onChange({ mode: 'clear' })} data-testid={`${testId}-clear`}>
                {word('clear')}
              </Button>
            ) : null}
          </div>
        )}
      </div>
      {choice.mode === 'replace' ? (
        <TextField
          label={word('new')}
          type="password"
          autoComplete="new-password"
          spellCheck={false}
          value={choice.value}
          hint={hint}
          error={error}
          onChange={(e) => onChange({ mode: 'replace', value: e.target.value })}
          data-testid={`${testId}-input`}
        />
      ) : null}
    </div>
  );
}
