import { describe, expect, it } from 'vitest';
import { expectError } from './helpers/http.js';
import { appForSuite } from './helpers/suite-app.js';
import { bearer } from './helpers/users.js';

/**
 * F4 (probe 2026-11-28): a camera editor made the server's ffmpeg send GETs to 169.254.169.254 and to its own
 * loopback through source, subSource and stillImageSource. Link-local and metadata hosts are refused for everyone,
 * this machine for non-admins; LAN cameras and `demo:` stay allowed. Every refusal is a validation answer: no
 * camera here is ever started (the addresses are only parsed).
 */
const FIELDS = ['source', 'subSource', 'stillImageSource'] as const;
const METADATA_SOURCES = [
  'http://169.254.169.254/latest/meta-data/',
  'http://2852039166/latest/meta-data/',
  'http://[fd00:ec2::254]/latest/meta-data/',
  'http://[::ffff:169.254.169.254]/',
  'http://[64:ff9b::a9fe:a9fe]/',
  'http://[fe80::1%25eth0]/',
  'http://metadata.google.internal/computeMetadata/v1/',
  '-reconnect 1 -i http://0xa9fea9fe/',
];
const LOOPBACK_SOURCES = [
  'rtsp://127.0.0.1:8554/cam',
  'http://localhost:1984/api/frame.jpeg?src=cam',
  'rtsp://admin:p@ss@127.1/cam',
  'rtsp://2130706433/cam',
  'rtsp://0.0.0.0:8339/internal',
  'rtsp://[::1]/cam',
  'rtsp://[::ffff:7f00:1]/cam',
  'rtsp://[::127.0.0.1]/cam',
  'rtsp://[64:ff9b::127.0.0.1]/cam',
  'rtsp://[::ffff:0:127.0.0.1]/cam',
  'http://admin.localhost:8339/internal/admin',
  '-rtsp_transport tcp -i rtsp://LOCALHOST./cam',
];
const DEMO = 'demo:?size=160x120&fps=5&audio=0';

const suite = appForSuite({ camedit: ['settings:cameras:edit', 'cameras:access'], admin: ['admin'] });

const withSource = (name: string, field: (typeof FIELDS)[number], value: string) => ({
  name,
  videoConfig: { source: field === 'source' ? value : DEMO, ...(field === 'source' ? {} : { [field]: value }) },
});
const post = (token: string, payload: object) => suite.app.inject({ method: 'POST', url: '/api/cameras', headers: bearer(token), payload });
const patch = (token: string, name: string, payload: object) =>
  suite.app.inject({ method: 'PATCH', url: `/api/cameras/${encodeURIComponent(name)}`, headers: bearer(token), payload });
const names = () => suite.app.homecam.config.get().cameras.map((camera) => camera.name);

describe('camera sources that lead to link-local or cloud metadata addresses (F4)', () => {
  it('are refused for every user and every field, through the camera API and the config routes', async () => {
    expect((await post(suite.token.admin, { name: 'Lan', videoConfig: { source: 'rtsp://192.168.1.20/live' } })).statusCode).toBe(201);
    for (const value of METADATA_SOURCES) {
      for (const field of FIELDS) {
        for (const token of [suite.token.camedit, suite.token.admin]) {
          const created = await post(token, withSource('Meta', field, value));
          expectError(created, 400, 'VALIDATION_FAILED');
          expect(created.json<{ error: { message: string } }>().error.message).toContain('link-local or a cloud metadata address');
          expectError(await patch(token, 'Lan', { videoConfig: { [field]: value } }), 400, 'VALIDATION_FAILED');
        }
        const cameras = [...suite.app.homecam.config.get().cameras, withSource('Meta', field, value)];
        expectError(await suite.app.inject({ method: 'PATCH', url: '/api/config/cameras', headers: suite.bearer('admin'), payload: cameras }), 400, 'VALIDATION_FAILED');
      }
    }
    expect(names()).toEqual(['Lan']);
    expect(suite.app.homecam.config.get().cameras[0]?.videoConfig).toEqual({ source: 'rtsp://192.168.1.20/live' });
  });
});

describe('camera sources on this machine (loopback)', () => {
  it('are refused to a camera editor in every spelling and field, by POST and PATCH, with nothing written', async () => {
    expect((await post(suite.token.camedit, { name: 'Editor cam', videoConfig: { source: 'rtsp://10.0.0.7/live' } })).statusCode).toBe(201);
    for (const value of LOOPBACK_SOURCES) {
      for (const field of FIELDS) {
        const created = await post(suite.token.camedit, withSource('Local', field, value));
        expectError(created, 403, 'CAMERA_SOURCE_ADMIN_ONLY');
        expect(created.json()).toMatchObject({ error: { details: [{ path: `videoConfig.${field}` }] } });
        expectError(await patch(suite.token.camedit, 'Editor cam', { videoConfig: { [field]: value } }), 403, 'CAMERA_SOURCE_ADMIN_ONLY');
      }
    }
    expect(names()).not.toContain('Local');
    expect(suite.app.homecam.cameras.get('Editor cam').videoConfig.source).toBe('rtsp://10.0.0.7/live');
  });

  it('an admin may point a camera at a local go2rtc; a camera editor may then still edit the rest of it', async () => {
    const created = await post(suite.token.admin, { name: 'Go2rtc', videoConfig: { source: 'rtsp://127.0.0.1:8554/cam', stillImageSource: 'http://localhost:1984/api/frame.jpeg?src=cam' } });
    expect(created.statusCode).toBe(201);
    const renamed = await patch(suite.token.camedit, 'Go2rtc', { name: 'Go2rtc hall', room: 'Hall' });
    expect(renamed.statusCode).toBe(200);
    // ...but not move another of its sources onto this machine.
    expectError(await patch(suite.token.camedit, 'Go2rtc hall', { videoConfig: { subSource: 'rtsp://127.0.0.1:8554/cam_sub' } }), 403, 'CAMERA_SOURCE_ADMIN_ONLY');
  });

  it('LAN cameras, names and demo: stay allowed for a camera editor', async () => {
    for (const [index, source] of ['rtsp://192.168.1.21/x', 'http://172.16.0.9/video.cgi', 'rtsp://[fd12:3456::5]/x', 'rtsp://camera.local/x', 'rtsp://100.64.1.2/x', DEMO].entries()) {
      expect((await post(suite.token.camedit, { name: `Allowed ${index}`, videoConfig: { source } })).statusCode, source).toBe(201);
    }
  });
});
