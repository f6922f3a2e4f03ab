import type { AlertChannelStatus, Integration, MqttPublishView, NotificationList } from '@homecam/shared';
import { waitFor } from '@homecam/tools';
import { describe, expect, it } from 'vitest';
import { JsonLogCapture } from './helpers/log-capture.js';
import { appForSuite } from './helpers/suite-app.js';
import { makeDataDir } from './helpers/test-app.js';

/**
 * Issue 17: the MQTT trigger switched on without a broker host. The MQTT alert channel is off (NO_BROKER), not
 * "on, not connected to (retrying)", and every page says so alike: the channel status, Settings → Notifications →
 * MQTT and the plugins page. Camera events leave no warning per event.
 */
const logs = new JsonLogCapture<{ level: number; msg: string }>();
const suite = appForSuite(
  { admin: ['admin'] },
  {
    app: async () => ({
      dataDir: await makeDataDir({ recordings: { active: false }, mqtt: { active: true, host: '' }, cameras: [{ name: 'Gate', videoConfig: { source: 'rtsp://127.0.0.1:9/none' } }] }),
      logLevel: 'info',
      logStream: logs,
    }),
  },
);

describe('MQTT alerts without a broker', () => {
  it('are off, and the channel status, the MQTT settings and the plugins page say why alike', async () => {
    const channels = (await suite.app.inject({ url: '/api/alerts/status', headers: suite.bearer('admin') })).json<{ result: AlertChannelStatus[] }>().result;
    expect(channels.find((c) => c.channel === 'mqtt')).toMatchObject({ enabled: false, off: 'NO_BROKER' });
    const view = (await suite.app.inject({ url: '/api/settings/notifications/mqtt', headers: suite.bearer('admin') })).json<MqttPublishView>();
    expect(view).toMatchObject({ brokerActive: true, broker: '', connected: false, off: 'NO_BROKER' });
    const plugins = (await suite.app.inject({ url: '/api/plugins', headers: suite.bearer('admin') })).json<{ result: Integration[] }>().result;
    expect(plugins.find((p) => p.id === 'alert-mqtt')).toMatchObject({ state: 'disabled', detail: { code: 'ALERTS', off: 'NO_BROKER' } });

    // With the trigger off as well (the out-of-the-box config), the reason is the switched-off broker.
    await suite.app.homecam.config.patchSection('mqtt', { active: false });
    const off = (await suite.app.inject({ url: '/api/alerts/status', headers: suite.bearer('admin') })).json<{ result: AlertChannelStatus[] }>().result;
    expect(off.find((c) => c.channel === 'mqtt')).toMatchObject({ enabled: false, off: 'BROKER_OFF' });
    await suite.app.homecam.config.patchSection('mqtt', { active: true });
  });

  it('camera events go on without a warning per event', async () => {
    // The trigger's own warning at start ("no broker host is configured") is once, not per event.
    const before = logs.lines.length;
    for (let i = 0; i < 3; i++) {
      expect(suite.app.homecam.cameraEvents.sink().motion('Gate', 'http')).toMatchObject({ accepted: true });
      await suite.app.homecam.cameraEvents.sink().motionReset('Gate', 'http');
    }
    await waitFor(
      async () => (await suite.app.inject({ url: '/api/notifications?cameras=Gate', headers: suite.bearer('admin') })).json<NotificationList>().result.length >= 3,
      { message: 'three notifications' },
    );
    await suite.app.modules.alerts.pipeline.idle();
    const warnings = logs.lines.slice(before).filter((line) => line.level >= 40).map((line) => line.msg);
    expect(warnings.filter((msg) => /mqtt|alert/i.test(msg))).toEqual([]);
    const mqtt = (await suite.app.inject({ url: '/api/alerts/status', headers: suite.bearer('admin') })).json<{ result: AlertChannelStatus[] }>().result.find((c) => c.channel === 'mqtt');
    expect(mqtt).toMatchObject({ sent: 0, dropped: 0, lastError: null });
  });
});
