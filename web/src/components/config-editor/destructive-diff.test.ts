import { describe, expect, it } from 'vitest';
import { configJsonSchema } from './config-json-schema';
import { configLoss, losesSomething } from './destructive-diff';

const LOADED = {
  logLevel: 'info',
  plugins: [{ name: 'homebridge-x', secret: 1 }],
  mqtt: { host: 'broker', legacy: 'old' },
  cameras: [
    { name: 'Door', videoConfig: { source: 'rtsp://door', vendorFlag: true }, hksv: { active: true } },
    { name: 'Yard', videoConfig: { source: 'rtsp://yard' } },
  ],
};
const loss = (edited: Record<string, unknown>) => configLoss(LOADED, edited, configJsonSchema());

describe('configLoss (what a save of the editor removes)', () => {
  it('an unchanged document or a changed value loses nothing', () => {
    expect(losesSomething(loss(LOADED))).toBe(false);
    expect(losesSomething(loss({ ...LOADED, logLevel: 'debug', mqtt: { host: 'other', legacy: 'old' } }))).toBe(false);
  });

  it('no camera left asks remove-cameras, a missing top-level key remove-sections', () => {
    expect(loss({ ...LOADED, cameras: [] })).toMatchObject({ cameras: true, sections: [], confirm: ['remove-cameras'] });
    const { plugins: _plugins, cameras: _cameras, ...rest } = LOADED;
    expect(loss(rest)).toMatchObject({ cameras: true, sections: ['plugins', 'cameras'], confirm: ['remove-cameras', 'remove-sections'] });
  });

  it('removing a known key lower down is an ordinary edit; an unknown one (HomeKit, plugins) is reported by path', () => {
    expect(losesSomething(loss({ ...LOADED, mqtt: { legacy: 'old' } }))).toBe(false);
    const edited = {
      ...LOADED,
      mqtt: { host: 'broker' },
      plugins: [{ name: 'homebridge-x' }],
      // Reordered: cameras are matched by name, not position.
      cameras: [{ name: 'Yard', videoConfig: { source: 'rtsp://yard' } }, { name: 'Door', videoConfig: { source: 'rtsp://door' } }],
    };
    expect(loss(edited)).toMatchObject({
      cameras: false,
      sections: [],
      confirm: [],
      unknownKeys: ['plugins.0.secret', 'mqtt.legacy', 'cameras.0.videoConfig.vendorFlag', 'cameras.0.hksv'],
    });
  });

  it('a removed camera is not a lost key (deleting a camera is an ordinary edit)', () => {
    expect(losesSomething(loss({ ...LOADED, cameras: [LOADED.cameras[1]] }))).toBe(false);
  });
});
