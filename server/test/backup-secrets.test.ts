import { cameraSchema, configFileSchema } from '@homecam/shared';
import { readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { HomecamApp } from '../src/app.js';
import { CONFIG_ALLOWED, CONFIG_LEFT_OUT, type AllowRule } from '../src/backup/config-allow-list.js';
import { download, restore, unpack } from './helpers/backup.js';
import { createTestApp, makeDataDir } from './helpers/test-app.js';
import { signedInUser } from './helpers/users.js';

/**
 * N6: a non-admin's archive carries none of the secrets the API keeps from them. Every secret-bearing key of
 * config.json holds a marker (the probe's style: 5 of its 14 leaked); not one marker may appear in any byte of any
 * file of the archive, the database copy included. A non-admin's restore then keeps every one of them live.
 */
const MARKERS = {
  cameraSourcePassword: 'MK01srcpw',
  cameraSubSourceToken: 'MK02subtoken',
  cameraStillPassword: 'MK03stillpw',
  webhookPathToken: 'MK04hookpath',
  cameraPluginKey: 'MK05pluginkey',
  mqttPassword: 'MK06mqttpw',
  mqttUsername: 'MK07mqttuser',
  smtpPassword: 'MK08smtppw',
  ftpPassword: 'MK09ftppw',
  httpToken: 'MK10httptoken',
  telegramToken: 'MK11telegramtoken',
  alexaUrl: 'MK12alexaurl',
  alexaToken: 'MK13alexatoken',
  weatherApiKey: 'MK14weatherkey',
  weatherUrl: 'MK15weatherurl',
  awsKeyId: 'AKIAMK16KEYID',
  awsSecret: 'MK17awssecret',
  topLevelPluginKey: 'MK18platformkey',
  sslKey: 'MK19sslkey',
  videoProcessor: 'MK20videoproc',
} as const;

const CAMERA = {
  name: 'Gate',
  videoConfig: {
    source: `-rtsp_transport tcp -i rtsp://cam:${MARKERS.cameraSourcePassword}@127.0.0.1:9/live`,
    subSource: `rtsp://127.0.0.1:9/sub?token=${MARKERS.cameraSubSourceToken}`,
    stillImageSource: `http://snap:${MARKERS.cameraStillPassword}@127.0.0.1:9/snap.jpg`,
  },
  webhookUrl: `http://127.0.0.1:9/services/${MARKERS.webhookPathToken}`,
  myPlugin: { apiKey: MARKERS.cameraPluginKey },
};

const CONFIG = {
  options: { videoProcessor: `/opt/${MARKERS.videoProcessor}/ffmpeg` },
  ssl: { active: false, key: `/etc/ssl/${MARKERS.sslKey}.pem` },
  http: { active: false, port: 7272, token: MARKERS.httpToken },
  smtp: { active: false, port: 2727, password: MARKERS.smtpPassword, username: 'mailer' },
  ftp: { active: false, port: 5050, password: MARKERS.ftpPassword, username: 'ftp-user' },
  mqtt: { active: false, host: '127.0.0.1', username: MARKERS.mqttUsername, password: MARKERS.mqttPassword },
  notifications: {
    active: true,
    telegram: { active: false, token: `123456:${MARKERS.telegramToken}`, chatID: '12345' },
    alexa: { active: false, url: `http://127.0.0.1:8123/${MARKERS.alexaUrl}`, token: MARKERS.alexaToken },
  },
  dashboard: { weather: { provider: 'open-meteo', url: `http://127.0.0.1:9/${MARKERS.weatherUrl}`, apiKey: MARKERS.weatherApiKey } },
  aws: { active: false, accessKeyId: MARKERS.awsKeyId, secretAccessKey: MARKERS.awsSecret, region: 'eu-west-1' },
  platforms: [{ platform: 'some-plugin', apiKey: MARKERS.topLevelPluginKey }],
  cameras: [CAMERA],
};

let dataDir: string;
let app: HomecamApp;

beforeAll(async () => {
  dataDir = await makeDataDir();
  await writeFile(join(dataDir, 'config.json'), JSON.stringify(CONFIG));
  app = await createTestApp({ dataDir });
});
afterAll(() => app.close());

/** Every file under dir, recursively, with its bytes. */
async function filesOf(dir: string): Promise<{ path: string; bytes: Buffer }[]> {
  const found: { path: string; bytes: Buffer }[] = [];
  for (const item of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, item.name);
    if (item.isDirectory()) found.push(...(await filesOf(path)));
    else found.push({ path, bytes: await readFile(path) });
  }
  return found;
}

describe('a non-admin backup archive', () => {
  it('holds none of the secret markers, in any byte of any file', async () => {
    const live = await app.homecam.config.raw();
    for (const marker of Object.values(MARKERS)) expect(live).toContain(marker);
    const { token } = await signedInUser(app, ['backup:download']);
    const archive = await download(app, token);
    const files = await filesOf(await unpack(archive));
    expect(files.map((file) => file.path.slice(file.path.lastIndexOf('/') + 1))).toEqual(expect.arrayContaining(['manifest.json', 'config.json', 'database.sqlite']));
    const leaks = Object.values(MARKERS).flatMap((marker) =>
      [...files.map((file) => ({ name: file.path, bytes: file.bytes })), { name: 'the whole tar', bytes: gunzipSync(archive) }]
        .filter(({ bytes }) => bytes.includes(marker))
        .map(({ name }) => `${marker} in ${name}`),
    );
    expect(leaks).toEqual([]);
    // What is not secret is there, masked as the camera API masks it.
    const config = JSON.parse(String(files.find((file) => file.path.endsWith('/config.json'))?.bytes)) as typeof CONFIG;
    expect(config.cameras[0]?.videoConfig.source).toBe('-rtsp_transport tcp -i rtsp://cam:********@127.0.0.1:9/live');
    expect(config.cameras[0]?.webhookUrl).toBe('********');
    expect(config.mqtt.host).toBe('127.0.0.1');
    expect(config.notifications.telegram.chatID).toBe('12345');
  });

  it('restored by a non-admin, every secret and unknown key keeps its live value', async () => {
    const restorer = await signedInUser(app, ['backup:download', 'backup:restore']);
    const archive = await download(app, restorer.token);
    // A non-secret setting changed after the backup: the restore brings the archive's value back.
    await app.homecam.config.patchSection('mqtt', { host: 'broker.after.backup' });
    expect((await restore(app, restorer.token, archive)).statusCode).toBe(202);
    await app.close();
    app = await createTestApp({ dataDir });
    const live = JSON.parse(await app.homecam.config.raw()) as typeof CONFIG;
    expect(live).toMatchObject(CONFIG);
    expect(live.mqtt.host).toBe('127.0.0.1');
  });
});

/** Dotted paths of the leaves of a config schema (`[]` for list items); objects are walked, not listed themselves. */
function schemaPaths(schema: z.ZodType, prefix = ''): string[] {
  let inner = schema;
  while (['optional', 'default', 'nullable', 'prefault'].includes(inner.def.type)) inner = (inner.def as unknown as { innerType: z.ZodType }).innerType;
  if (prefix === 'cameras') return schemaPaths(cameraSchema, 'cameras[]');
  if (inner.def.type === 'object') {
    const shape = (inner as unknown as { shape: Record<string, z.ZodType> }).shape;
    return Object.entries(shape).flatMap(([key, child]) => schemaPaths(child, prefix ? `${prefix}.${key}` : key));
  }
  if (inner.def.type === 'array') {
    const element = (inner.def as unknown as { element: z.ZodType }).element;
    const unwrapped = element.def.type === 'object' ? element : null;
    return unwrapped ? schemaPaths(unwrapped, `${prefix}[]`) : [prefix];
  }
  return [prefix];
}

function allowedPaths(rule: AllowRule, prefix = ''): string[] {
  switch (rule.kind) {
    case 'value':
      return [prefix];
    case 'list':
      return allowedPaths(rule.of, `${prefix}[]`);
    case 'record':
      return [prefix]; // the schema lists a record as a leaf
    case 'cameras':
      return allowedPaths(rule.camera, `${prefix}[]`);
    case 'object':
      return Object.entries(rule.keys).flatMap(([key, child]) => allowedPaths(child, prefix ? `${prefix}.${key}` : key));
  }
}

describe('an admin\'s archive restored by a non-admin', () => {
  it('brings back no secret of the archive: the ones set since stay', async () => {
    const admin = (await signedInUser(app, ['admin'])).token;
    const archive = await download(app, admin);
    await app.homecam.config.patchSection('http', { token: 'rotated-after-the-leak' });
    await app.homecam.config.patchSection('mqtt', { password: 'changed-since' });
    const restorer = await signedInUser(app, ['backup:restore']);
    expect((await restore(app, restorer.token, archive)).statusCode).toBe(202);
    await app.close();
    app = await createTestApp({ dataDir });
    expect(app.homecam.config.get().http.token).toBe('rotated-after-the-leak');
    expect(app.homecam.config.get().mqtt.password).toBe('changed-since');
  });
});

describe('the allow-list of config.json', () => {
  it('decides every key the schema knows: allowed into a non-admin archive, or named as left out', () => {
    const known = schemaPaths(configFileSchema);
    const allowed = allowedPaths(CONFIG_ALLOWED);
    // The walk reaches into the sections and the cameras.
    expect(known).toEqual(expect.arrayContaining(['mqtt.publish.baseTopic', 'cameras[].videoConfig.source', 'cameras[].videoanalysis.regions[].coords', 'aws.secretAccessKey']));
    expect(known.filter((path) => !allowed.includes(path) && !CONFIG_LEFT_OUT.includes(path))).toEqual([]);
    expect(allowed.filter((path) => CONFIG_LEFT_OUT.includes(path))).toEqual([]);
    expect(allowed.filter((path) => !known.includes(path))).toEqual([]);
    expect(CONFIG_LEFT_OUT.filter((path) => !known.includes(path))).toEqual([]);
  });
});
