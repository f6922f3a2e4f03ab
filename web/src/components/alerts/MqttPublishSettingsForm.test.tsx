import type { MqttPublishView } from '@homecam/shared';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithQuery, stubFetch } from '../dashboard/widgets/test-support/render-widget';
import { createToastStore } from '../../stores/toast/toast-store';
import { MqttPublishSettingsForm } from './MqttPublishSettingsForm';

const toastStore = createToastStore();

vi.mock('react-i18next', () => ({ useTranslation: () => ({ t: (key: string, o?: { broker?: string }) => (o?.broker ? `${key} ${o.broker}` : key), i18n: { language: 'en' } }) }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const VIEW: MqttPublishView = {
  active: true,
  baseTopic: 'homecam',
  discovery: true,
  discoveryPrefix: 'homeassistant',
  brokerActive: true,
  broker: 'broker.local:1883',
  connected: true,
  off: null,
  example: { camera: 'Front Door', topics: [{ what: 'motion', topic: 'homecam/front_door/motion' }, { what: 'privacySet', topic: 'homecam/front_door/privacy/set' }] },
};

describe('<MqttPublishSettingsForm>', () => {
  it('shows the settings, the broker and the example topics; saves a new base topic with PATCH', async () => {
    const bodies: unknown[] = [];
    const calls = stubFetch((url) => (url.pathname === '/api/settings/notifications/mqtt' ? { status: 200, body: bodies.length ? { ...VIEW, baseTopic: 'house' } : VIEW } : { status: 404, body: {} }));
    const fetchMock = vi.mocked(fetch);
    renderWithQuery(<MqttPublishSettingsForm canEdit />, { toastStore });
    const base = await screen.findByLabelText<HTMLInputElement>('alerts-mqtt:baseTopic');
    expect(base.value).toBe('homecam');
    expect(screen.getByTestId('mqtt-publish-broker').textContent).toBe('alerts-mqtt:brokerConnected broker.local:1883');
    expect(screen.getByText('homecam/front_door/privacy/set')).toBeTruthy();

    fireEvent.change(base, { target: { value: 'home/+' } });
    expect(screen.getByText('alerts-mqtt:topicInvalid')).toBeTruthy();
    expect(screen.getByTestId<HTMLButtonElement>('mqtt-publish-save').disabled).toBe(true);

    fireEvent.change(base, { target: { value: ' house ' } });
    fireEvent.click(screen.getByTestId('mqtt-publish-discovery'));
    bodies.push('patched');
    fireEvent.click(screen.getByTestId('mqtt-publish-save'));
    await waitFor(() => expect(calls.length).toBe(2));
    const init = fetchMock.mock.calls[1]?.[1];
    expect(init?.method).toBe('PATCH');
    expect(JSON.parse(init?.body as string)).toEqual({ active: true, baseTopic: 'house', discovery: false, discoveryPrefix: 'homeassistant' });
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('alerts-mqtt:baseTopic').value).toBe('house'));
    expect(toastStore.getSnapshot().map((toast) => toast.message)).toContain('alerts-mqtt:saved');
  });

  it('is read-only without the edit permission, and says when the broker is off', async () => {
    stubFetch(() => ({ status: 200, body: { ...VIEW, brokerActive: false, connected: false } }));
    renderWithQuery(<MqttPublishSettingsForm canEdit={false} />, { toastStore });
    expect((await screen.findByLabelText<HTMLInputElement>('alerts-mqtt:baseTopic')).disabled).toBe(true);
    expect(screen.queryByTestId('mqtt-publish-save')).toBeNull();
    expect(screen.getByText('alerts-mqtt:readOnly')).toBeTruthy();
    expect(screen.getByTestId('mqtt-publish-broker').textContent).toBe('alerts-mqtt:brokerOff');
  });
});
