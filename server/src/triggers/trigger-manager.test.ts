import type { Camera, ConfigFile } from '@homecam/shared';
import { afterEach, describe, expect, expectTypeOf, it } from 'vitest';
import { CAMERAS, RecordingSink, freePort, portIsFree } from './test-support.js';
import { TriggerManager, triggerOptionsFromConfig } from './trigger-manager.js';
import type { TriggerCamera, TriggerStatusEvent } from './trigger.js';
import type { TriggersConfig } from './trigger-manager.js';

describe('types', () => {
  it('config.json as @homecam/shared parses it fits the triggers', () => {
    expectTypeOf<ConfigFile>().toExtend<TriggersConfig>();
    expectTypeOf<Camera>().toExtend<TriggerCamera>();
    expectTypeOf<ConfigFile['cameras'][number]>().toExtend<{ name: string }>();
  });
});

describe('triggerOptionsFromConfig', () => {
  it("applies camera.ui's defaults", () => {
    expect(triggerOptionsFromConfig({})).toEqual({
      http: { active: false, options: { port: 7272, localOnly: false } },
      smtp: { active: false, options: { port: 2727, spaceReplace: '+', username: undefined, password: undefined } },
      ftp: { active: false, options: { port: 5050, useFile: false, username: undefined, password: undefined } },
      // issue 9: publishing is on by default, so the broker marks HomeCam offline when the connection dies
      mqtt: { active: false, options: { host: '', port: 1883, tls: false, username: undefined, password: undefined, will: { topic: 'homecam/available', payload: 'offline' } } },
    });
  });

  it('sets the last will from mqtt.publish: its base topic, none when publishing is off', () => {
    expect(triggerOptionsFromConfig({ mqtt: { publish: { baseTopic: 'house/cams' } } }).mqtt.options.will).toEqual({ topic: 'house/cams/available', payload: 'offline' });
    expect(triggerOptionsFromConfig({ mqtt: { publish: { active: false } } }).mqtt.options.will).toBeUndefined();
  });

  it('maps the config blocks and adds the extras', () => {
    const planned = triggerOptionsFromConfig(
      { http: { active: true, port: 8000, localhttp: true }, mqtt: { active: true, host: 'broker', username: 'u', password: '' } },
      { mqtt: { motionStateTopic: 'x/motion' } },
    );
    expect(planned.http).toEqual({ active: true, options: { port: 8000, localOnly: true } });
    expect(planned.mqtt.options).toMatchObject({ host: 'broker', username: 'u', password: undefined, motionStateTopic: 'x/motion' });
  });
});

describe('TriggerManager', () => {
  let manager: TriggerManager | undefined;
  afterEach(async () => {
    await manager?.stopAll();
    manager = undefined;
  });

  it('follows the config, restarts a changed trigger, reports failures, and runs the admin actions', async () => {
    const [httpPort, httpPort2, smtpPort] = [await freePort(), await freePort(), await freePort()];
    const m = new TriggerManager({ cameras: () => CAMERAS, sink: new RecordingSink() }, { smtp: { host: '127.0.0.1' } });
    manager = m;
    const events: TriggerStatusEvent[] = [];
    m.on('status', (e) => events.push(e));

    const failures = await m.apply({
      http: { active: true, port: httpPort, localhttp: true },
      smtp: { active: true, port: smtpPort },
      mqtt: { active: true, host: '' },
    });
    expect(failures).toEqual({ mqtt: 'MQTT trigger: no broker host is configured' });
    expect(m.list()).toEqual([
      { name: 'http', active: true, status: 'online', error: null },
      { name: 'mqtt', active: true, status: 'offline', error: 'MQTT trigger: no broker host is configured' },
      { name: 'smtp', active: true, status: 'online', error: null },
      { name: 'ftp', active: false, status: 'offline', error: null },
    ]);
    expect((await fetch(`http://127.0.0.1:${httpPort}/motion?Garage`)).status).toBe(200);

    // A changed block restarts its trigger on the new port; an unchanged one is left alone.
    const smtp = m.get('smtp');
    await m.apply({ http: { active: true, port: httpPort2, localhttp: true }, smtp: { active: true, port: smtpPort } });
    expect(await portIsFree(httpPort)).toBe(true);
    expect((await fetch(`http://127.0.0.1:${httpPort2}/motion?Garage`)).status).toBe(200);
    expect(m.get('smtp')).toBe(smtp);

    await m.stop('http');
    expect(m.list()[0]).toMatchObject({ name: 'http', active: true, status: 'offline' });
    await m.start('http');
    await m.restart('http');
    expect(m.list()[0]?.status).toBe('online');

    await m.apply({ http: { active: false, port: httpPort2, localhttp: true } });
    expect(m.list().map((t) => t.status)).toEqual(['offline', 'offline', 'offline', 'offline']);
    expect(await portIsFree(httpPort2)).toBe(true);
    expect(await portIsFree(smtpPort)).toBe(true);
    expect(events.filter((e) => e.name === 'http').map((e) => e.status)).toEqual(['online', 'offline', 'online', 'offline', 'online', 'offline', 'online', 'offline']);
  });
});
