import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REKOGNITION_MAX_CONTINGENT, REKOGNITION_REGIONS, type RekognitionSettings, type RekognitionSettingsPatch } from '@homecam/shared';
import { PageTitle } from '../../components/layout/PageTitle';
import { QueryStatus } from '../../components/layout/QueryStatus';
import { ContingentBar } from '../../components/plugins/ContingentBar';
import { draftIssues, draftOf, patchOf, type RekognitionDraft } from '../../components/plugins/rekognition-form';
import { SettingsForm } from '../../components/settings/SettingsForm';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Checkbox } from '../../components/ui/Checkbox';
import { SecretField } from '../../components/ui/SecretField';
import { Select } from '../../components/ui/Select';
import { TextField } from '../../components/ui/TextField';
import { useRekognitionSettingsForm } from '../../hooks/use-plugins';
import type { SettingsFormProps } from '../../hooks/use-settings-form';

const REGION_OPTIONS = REKOGNITION_REGIONS.map((region) => ({ value: region, label: region }));

/** The key id: a new one replaces the stored one (shown masked); Remove deletes it on save, Undo takes that back. */
function KeyIdField({ settings, draft, invalid, onChange }: { settings: RekognitionSettings; draft: RekognitionDraft; invalid: boolean; onChange: (change: Partial<RekognitionDraft>) => void }) {
  const { t } = useTranslation();
  const stored = settings.accessKeyId;
  let hint = t('plugins:rekognition.accessKeyIdNone');
  if (stored) hint = draft.removeKeyId ? t('plugins:rekognition.accessKeyIdWillRemove', { current: stored }) : t('plugins:rekognition.accessKeyIdKeep', { current: stored });
  return (
    <div className="flex flex-col gap-2">
      <TextField
        label={t('plugins:rekognition.accessKeyId')}
        value={draft.accessKeyId}
        autoComplete="off"
        spellCheck={false}
        placeholder={draft.removeKeyId ? '' : (stored ?? '')}
        hint={hint}
        error={invalid ? t('plugins:rekognition.accessKeyIdInvalid') : null}
        onChange={(e) => onChange({ accessKeyId: e.target.value })}
        data-testid="rekognition-access-key-id"
      />
      {stored ? (
        <div>
          <Button size="sm" variant="ghost" onClick={() => onChange({ removeKeyId: !draft.removeKeyId })} data-testid="rekognition-key-id-remove">
            {draft.removeKeyId ? t('plugins:rekognition.undo') : t('plugins:rekognition.removeKeyId')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

function RekognitionForm({ settings, form }: Omit<SettingsFormProps<RekognitionSettings, RekognitionSettingsPatch>, 'canEdit'>) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<RekognitionDraft>(() => draftOf(settings));
  const issues = draftIssues(draft, settings);
  const set = (change: Partial<RekognitionDraft>) => setDraft((current) => ({ ...current, ...change }));

  return (
    <SettingsForm
      form={form}
      onSave={() => form.save(patchOf(settings, draft))}
      blocked={issues.accessKeyId || issues.secret || issues.contingentTotal || issues.keysMissing}
      saveLabel={t('plugins:rekognition.save')}
      savingLabel={t('plugins:pending')}
      testId="rekognition-form"
      saveTestId="rekognition-submit"
    >
      <Card title={t('plugins:rekognition.awsTitle')} description={t('plugins:rekognition.awsHint')}>
        <div className="flex flex-col gap-4">
          <div className="flex flex-col gap-1">
            <Checkbox label={t('plugins:rekognition.active')} checked={draft.active} onChange={(e) => set({ active: e.target.checked })} data-testid="rekognition-active" />
            {issues.keysMissing ? (
              <p role="alert" className="text-sm text-danger" data-testid="rekognition-keys-missing">
                {t('errors.REKOGNITION_KEYS_MISSING')}
              </p>
            ) : null}
          </div>
          <KeyIdField settings={settings} draft={draft} invalid={issues.accessKeyId} onChange={set} />
          <SecretField
            i18nGroup="plugins:rekognitionSecret"
            testId="rekognition-secret"
            isSet={settings.secretAccessKeySet}
            choice={draft.secret}
            onChange={(secret) => set({ secret })}
            // An empty new secret only keeps Save disabled; the rule shows once something is typed.
            error={issues.secret && draft.secret.mode === 'replace' && draft.secret.value !== '' ? t('plugins:rekognition.secretInvalid') : null}
          />
          <Select
            label={t('plugins:rekognition.region')}
            options={REGION_OPTIONS}
            value={draft.region}
            onChange={(e) => set({ region: REKOGNITION_REGIONS.find((r) => r === e.target.value) ?? draft.region })}
            data-testid="rekognition-region"
          />
        </div>
      </Card>
      <Card title={t('plugins:rekognition.contingentTitle')} description={t('plugins:rekognition.contingentHint')}>
        <div className="flex flex-col gap-4">
          <TextField
            type="number"
            min={0}
            max={REKOGNITION_MAX_CONTINGENT}
            label={t('plugins:rekognition.total')}
            value={draft.contingentTotal}
            error={issues.contingentTotal ? t('plugins:rekognition.totalInvalid', { max: REKOGNITION_MAX_CONTINGENT.toLocaleString() }) : null}
            onChange={(e) => set({ contingentTotal: e.target.value })}
            data-testid="rekognition-total"
          />
          <ContingentBar left={settings.contingentLeft} total={settings.contingentTotal} lastCall={settings.lastCall} />
        </div>
      </Card>
      <p className="text-sm text-foreground-muted">{t('plugins:rekognition.analysisNote')}</p>
    </SettingsForm>
  );
}

/** /settings/rekognition (admin): AWS keys (the secret write-only), region and the monthly budget. */
export function RekognitionSettingsView() {
  const { t } = useTranslation();
  const form = useRekognitionSettingsForm();
  return (
    <>
      <PageTitle>{t('routes.settingsRekognition')}</PageTitle>
      <QueryStatus query={form.query} />
      {form.settings ? <RekognitionForm key={form.version} settings={form.settings} form={form} /> : null}
    </>
  );
}
