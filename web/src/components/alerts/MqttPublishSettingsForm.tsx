import { useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { MQTT_TOPIC_PREFIX, type MqttPublishPatch, type MqttPublishView } from '@homecam/shared';
import { useMqttPublishSettingsForm } from '../../hooks/use-alert-settings';
import type { SettingsFormProps } from '../../hooks/use-settings-form';
import { QueryStatus } from '../layout/QueryStatus';
import { SettingsForm } from '../settings/SettingsForm';
import { Checkbox } from '../ui/Checkbox';
import { TextField } from '../ui/TextField';

interface Draft {
  active: boolean;
  baseTopic: string;
  discovery: boolean;
  discoveryPrefix: string;
}

const draftOf = (view: MqttPublishView): Draft => ({ active: view.active, baseTopic: view.baseTopic, discovery: view.discovery, discoveryPrefix: view.discoveryPrefix });
const validTopic = (value: string): boolean => value.trim().length > 0 && value.trim().length <= 128 && MQTT_TOPIC_PREFIX.test(value.trim());

function BrokerLine({ view }: { view: MqttPublishView }) {
  const { t } = useTranslation();
  // The broker's side of mqttPublishOff: the same reason the channel card and the plugins page give.
  if (!view.brokerActive) return <p className="text-sm text-warning" data-testid="mqtt-publish-broker" data-off="BROKER_OFF">{t('alerts-mqtt:brokerOff')}</p>;
  if (view.broker === '') return <p className="text-sm text-warning" data-testid="mqtt-publish-broker" data-off="NO_BROKER">{t('alerts-mqtt:noBroker')}</p>;
  return (
    <p className="text-sm text-foreground-muted" data-testid="mqtt-publish-broker">
      {view.connected ? t('alerts-mqtt:brokerConnected', { broker: view.broker }) : t('alerts-mqtt:brokerDisconnected', { broker: view.broker })}
    </p>
  );
}

function TopicList({ view }: { view: MqttPublishView }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-2">
      <h3 className="text-sm font-medium text-foreground">{t('alerts-mqtt:exampleTitle', { camera: view.example.camera })}</h3>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]" data-testid="mqtt-publish-topics">
        {view.example.topics.map(({ what, topic }) => (
          <div key={what} className="contents">
            <dt className="text-foreground-muted">{t(`alerts-mqtt:topics.${what}`, { defaultValue: what })}</dt>
            <dd className="min-w-0 break-all font-mono text-foreground">{topic}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function Form({ settings: view, form, canEdit }: SettingsFormProps<MqttPublishView, MqttPublishPatch>) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Draft>(() => draftOf(view));
  const set = (change: Partial<Draft>) => setDraft((current) => ({ ...current, ...change }));
  const baseInvalid = !validTopic(draft.baseTopic);
  const prefixInvalid = !validTopic(draft.discoveryPrefix);

  return (
    <SettingsForm
      form={form}
      onSave={() => form.save({ ...draft, baseTopic: draft.baseTopic.trim(), discoveryPrefix: draft.discoveryPrefix.trim() })}
      canEdit={canEdit}
      blocked={baseInvalid || prefixInvalid}
      saveLabel={t('alerts-mqtt:save')}
      savingLabel={t('alerts-mqtt:saving')}
      readOnlyNote={t('alerts-mqtt:readOnly')}
      testId="mqtt-publish-form"
      saveTestId="mqtt-publish-save"
    >
      <p className="text-sm text-foreground-muted">{t('alerts-mqtt:intro')}</p>
      <BrokerLine view={view} />
      <Checkbox label={t('alerts-mqtt:active')} checked={draft.active} disabled={!canEdit} onChange={(e) => set({ active: e.target.checked })} data-testid="mqtt-publish-active" />
      <TextField
        label={t('alerts-mqtt:baseTopic')}
        value={draft.baseTopic}
        disabled={!canEdit}
        spellCheck={false}
        autoComplete="off"
        hint={t('alerts-mqtt:baseTopicHint')}
        error={baseInvalid ? t('alerts-mqtt:topicInvalid') : null}
        onChange={(e) => set({ baseTopic: e.target.value })}
        data-testid="mqtt-publish-base"
      />
      <Checkbox label={t('alerts-mqtt:discovery')} checked={draft.discovery} disabled={!canEdit} onChange={(e) => set({ discovery: e.target.checked })} data-testid="mqtt-publish-discovery" />
      <TextField
        label={t('alerts-mqtt:discoveryPrefix')}
        value={draft.discoveryPrefix}
        disabled={!canEdit || !draft.discovery}
        spellCheck={false}
        autoComplete="off"
        hint={t('alerts-mqtt:discoveryPrefixHint')}
        error={prefixInvalid ? t('alerts-mqtt:topicInvalid') : null}
        onChange={(e) => set({ discoveryPrefix: e.target.value })}
        data-testid="mqtt-publish-prefix"
      />
      <TopicList view={view} />
    </SettingsForm>
  );
}

/**
 * Settings → Notifications → MQTT: publishing to the MQTT trigger's broker (states, snapshots, Home Assistant
 * discovery). Read-only without settings:notifications:edit; the topics of one camera show where things go.
 */
export const MqttPublishSettingsForm: ComponentType<{ canEdit: boolean }> = ({ canEdit }) => {
  const form = useMqttPublishSettingsForm();
  return (
    <>
      <QueryStatus query={form.query} />
      {form.settings ? <Form key={form.version} settings={form.settings} form={form} canEdit={canEdit} /> : null}
    </>
  );
};
