import { useTranslation } from 'react-i18next';
import { Button } from '../ui/Button';
import { TextField } from '../ui/TextField';

/** `keep`: leave as stored; `replace`: the typed value; `clear`: remove it on save. */
export type SecretChoice = { mode: 'keep' } | { mode: 'replace'; value: string } | { mode: 'clear' };

/**
 * A write-only secret: the page never has it, only whether one is stored ("set"/"not set"). Replace opens a
 * password field, Clear removes it on save; either can be undone before saving.
 */
export function SecretField({
  label,
  isSet,
  choice,
  onChange,
  error,
}: {
  label: string;
  isSet: boolean;
  choice: SecretChoice;
  onChange: (next: SecretChoice) => void;
  error: string | null;
}) {
  const { t } = useTranslation();
  const status = choice.mode === 'clear' ? t('plugins:rekognition.secretWillClear') : isSet ? t('plugins:rekognition.secretSet') : t('plugins:rekognition.secretUnset');
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm font-medium text-foreground-muted">{label}</span>
        <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-medium text-foreground" data-testid="rekognition-secret-state" data-set={isSet}>
          {status}
        </span>
        <div className="ml-auto flex gap-2">
          {choice.mode === 'keep' ? (
            <Button size="sm" variant="secondary" onClick={() => onChange({ mode: 'replace', value: '' })} data-testid="rekognition-secret-replace">
              {isSet ? t('plugins:rekognition.replace') : t('plugins:rekognition.setSecret')}
            </Button>
          ) : (
            <Button size="sm" variant="ghost" onClick={() => onChange({ mode: 'keep' })}>
              {t('plugins:rekognition.undo')}
            </Button>
          )}
          {isSet && choice.mode === 'keep' ? (
            <Button size="sm" variant="ghost" onClick={() => onChange({ mode: 'clear' })} data-testid="rekognition-secret-clear">
              {t('plugins:rekognition.clear')}
            </Button>
          ) : null}
        </div>
      </div>
      {choice.mode === 'replace' ? (
        <TextField
          label={t('plugins:rekognition.newSecret')}
          type="password"
          autoComplete="new-password"
          value={choice.value}
          error={error}
          onChange={(e) => onChange({ mode: 'replace', value: e.target.value })}
          data-testid="rekognition-secret-input"
        />
      ) : null}
    </div>
  );
}
