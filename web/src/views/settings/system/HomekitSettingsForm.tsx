import { hasForbiddenNameCharacters, type HomekitPatch, type HomekitStatus } from '@homecam/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { TextField } from '../../../components/ui/TextField';

const PORT_MIN = 1024;
const PORT_MAX = 65535;

/** The bridge's name and port; the same bounds as homekitPatchSchema, checked here so the message is in place. */
export function HomekitSettingsForm({ status, saving, onSave }: { status: HomekitStatus; saving: boolean; onSave: (patch: HomekitPatch) => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState(status.name);
  const [port, setPort] = useState(String(status.port));
  const portNumber = /^\d{1,5}$/.test(port.trim()) ? Number(port.trim()) : NaN;
  const nameBadCharacters = hasForbiddenNameCharacters(name.trim());
  const nameInvalid = name.trim().length === 0 || name.trim().length > 64 || nameBadCharacters;
  const portInvalid = !(portNumber >= PORT_MIN && portNumber <= PORT_MAX);
  const changed = name.trim() !== status.name || portNumber !== status.port;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (nameInvalid || portInvalid || !changed) return;
    onSave({ name: name.trim(), port: portNumber });
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-start" data-testid="homekit-form">
      <TextField
        className="sm:flex-1"
        label={t('homekit:name')}
        value={name}
        maxLength={64}
        autoComplete="off"
        error={nameBadCharacters ? t('validation.NAME_CHARACTERS_INVALID') : nameInvalid ? t('homekit:nameInvalid') : null}
        onChange={(event) => setName(event.target.value)}
        data-testid="homekit-name"
      />
      <TextField
        className="sm:w-32"
        label={t('homekit:port')}
        value={port}
        inputMode="numeric"
        autoComplete="off"
        error={portInvalid ? t('homekit:portInvalid', { min: PORT_MIN, max: PORT_MAX }) : null}
        onChange={(event) => setPort(event.target.value)}
        data-testid="homekit-port"
      />
      <Button type="submit" className="sm:mt-6" disabled={nameInvalid || portInvalid || !changed || saving} data-testid="homekit-save">
        {saving ? t('homekit:saving') : t('homekit:save')}
      </Button>
    </form>
  );
}
