import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MASKED_SECRET, maskSourceCredentials } from '@homecam/shared';
import { Button } from '../ui/Button';
import { EyeIcon } from '../ui/media-icons';
import { TextField } from '../ui/TextField';

export interface SourceFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  /** Admins get the real source: shown masked until they choose to edit it. */
  revealable: boolean;
  disabled?: boolean;
  required?: boolean;
  testId: string;
  /** What the field holds, when it is not a stream source (the ONVIF address); the masked-password hint still wins. */
  hint?: string | undefined;
}

/**
 * A camera source (RTSP URL or ffmpeg input). Credentials are never shown by default: an admin sees the
 * masked form and reveals it for editing; everyone else only ever has the masked form, whose ******** keeps
 * the stored password when saved.
 */
export function SourceField({ label, value, onChange, error, revealable, disabled, required, testId, hint: ownHint }: SourceFieldProps) {
  const { t } = useTranslation();
  const [revealed, setRevealed] = useState(false);
  const masked = maskSourceCredentials(value);
  const hidden = revealable && !revealed && masked !== value;
  const hint = value.includes(MASKED_SECRET) ? t('cameras:form.hints.maskedSource') : (ownHint ?? t('cameras:form.hints.source'));

  if (hidden) {
    return (
      <div className="flex items-end gap-2 sm:col-span-2">
        <TextField label={label} value={masked} readOnly className="min-w-0 flex-1" data-testid={testId} data-masked="true" hint={t('cameras:form.hints.hiddenSource')} />
        <Button variant="secondary" onClick={() => setRevealed(true)} disabled={disabled} className="mb-5" data-testid={`${testId}-reveal`}>
          <EyeIcon width={16} height={16} /> {t('cameras:form.reveal')}
        </Button>
      </div>
    );
  }
  return (
    <TextField
      label={required ? `${label} *` : label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
      hint={hint}
      disabled={disabled}
      autoComplete="off"
      spellCheck={false}
      className="sm:col-span-2"
      data-testid={testId}
    />
  );
}
