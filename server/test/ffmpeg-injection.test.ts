import type { CameraStatus } from '@homecam/shared';
import { waitFor } from '@homecam/tools';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HomecamApp } from '../src/app.js';
import { addCamera, expectError } from './helpers/http.js';
import { createTestApp, makeDataDir } from './helpers/test-app.js';
import { bearer, signedInUser } from './helpers/users.js';

/**
 * Review findings #1–#6: a user holding only settings:cameras:edit could read files, write files (→ code
 * execution) and make the server fetch URLs through camera fields that reach ffmpeg. Every probe payload is
 * refused by the API (camera routes and the admin config routes) with 400 naming the option, and, planted in
 * config.json, stops only its own camera in the hub while a good camera of the same file streams.
 */

let ssrf: Server;
let ssrfHits = 0;
let ssrfUrl: string;
let dataDir: string;

beforeAll(async () => {
  ssrf = createServer((_request, response) => {
    ssrfHits += 1;
    response.end('secret metadata');
  });
  await new Promise<void>((resolve) => ssrf.listen(0, '127.0.0.1', resolve));
  ssrfUrl = `http://127.0.0.1:${(ssrf.address() as AddressInfo).port}`;
  dataDir = await makeDataDir();
});
afterAll(() => new Promise<void>((resolve) => ssrf.close(() => resolve())));

type Field = 'source' | 'subSource' | 'stillImageSource' | 'encoderOptions' | 'videoFilter' | 'vcodec' | 'mapvideo' | 'mapaudio';

/** [field, value, text the error must name]; paths are filled in once the data directory exists. */
function payloads(): [Field, string, string][] {
  const target = join(dataDir, 'pwned');
  return [
    ['source', '-f tty -i /etc/shadow', '/etc/shadow'],
    ['source', `subfile,,start,986,end,0,,:${dataDir}/config.json`, 'SOURCE_INVALID'],
    ['source', `-i subfile,,start,0,end,0,,:${dataDir}/config.json`, 'subfile,,start'],
    ['source', '-f tty -i rtsp://cam/x', '-f "tty"'],
    ['source', `-vstats_file ${target} -i rtsp://cam/x`, '-vstats_file'],
    ['source', `-f null /dev/null -f data -i data:;base64,cHduZWQ= -map 2:0 -c copy -f data ${target}`, 'data:;base64'],
    ['source', `-i ${ssrfUrl}/probe -f mp4 ${target}`, 'nothing may follow the input'],
    ['source', '-analyzeduration 1 -i http://169.254.169.254/latest/meta-data/ -i rtsp://cam/x', 'only one -i'],
    ['source', `-f lavfi -i movie=${ssrfUrl}/movie`, 'movie='],
    ['source', '-f lavfi -i rtsp://cam/x', '-f "lavfi"'],
    ['source', `-i concat:${ssrfUrl}/a|${ssrfUrl}/b`, 'concat:'],
    ['source', 'file:/etc/passwd', 'SOURCE_INVALID'],
    ['source', '-i file:///etc/passwd', 'scheme "file"'],
    ['source', '-i /etc/passwd', '/etc/passwd'],
    ['source', '-i pipe:0', 'pipe:0'],
    ['source', '-filter_complex nullsrc -i rtsp://cam/x', '-filter_complex'],
    ['source', '-i rtsp://cam/x; touch /tmp/pwned', 'nothing may follow the input'],
    ['subSource', '-f tty -i /etc/shadow', '/etc/shadow'],
    ['stillImageSource', `-vstats_file ${target} -i ${ssrfUrl}/still`, '-vstats_file'],
    ['encoderOptions', `-y -f image2 ${target}.jpg`, 'option -y'],
    ['encoderOptions', `-preset ultrafast -f null /dev/null -f data -i data:;base64,cHduZWQ= -map 2:0 -c copy -f data ${target}`, 'option -f'],
    ['encoderOptions', `-vstats_file ${target}`, '-vstats_file'],
    ['encoderOptions', '-filter_complex movie=/etc/passwd', '-filter_complex'],
    ['videoFilter', `movie=${ssrfUrl}/filter`, 'movie='],
    ['videoFilter', 'hflip,movie=/etc/passwd', 'movie=/etc/passwd'],
    ['videoFilter', `scale=320:240[x];movie=${dataDir}/config.json[y]`, 'scale=320:240[x]'],
    ['videoFilter', "drawtext=textfile=/etc/shadow:text='x'", 'drawtext'],
    ['vcodec', 'libx264 -y', 'libx264 -y'],
    ['vcodec', 'rawvideo', 'rawvideo'],
    ['mapvideo', '0:v; rm -rf /', '0:v; rm -rf /'],
    ['mapaudio', `0:a -f data ${target}`, '0:a -f data'],
  ];
}

function cameraWith(name: string, field: Field, value: string): { name: string; videoConfig: Record<string, string> } {
  return { name, videoConfig: { source: field === 'source' ? value : 'demo:?size=160x120&fps=5&audio=0', ...(field === 'source' ? {} : { [field]: value }) } };
}

function expectNamed(response: { statusCode: number; json: () => unknown; body: string }, field: Field, named: string): void {
  expectError(response as never, 400, 'VALIDATION_FAILED');
  const error = (response.json() as { error: { message: string; details: { path: string; message: string }[] } }).error;
  const issue = error.details.find((d) => d.path.endsWith(`videoConfig.${field}`));
  expect(issue?.message, `${field}: ${named}`).toContain(named);
  if (named !== 'SOURCE_INVALID') expect(error.message).toContain(named);
}

describe('camera fields that reach ffmpeg, through the API', () => {
  let app: HomecamApp;
  let camedit: string;
  let admin: string;

  beforeAll(async () => {
    app = await createTestApp();
    camedit = (await signedInUser(app, ['settings:cameras:edit'])).token;
    admin = (await signedInUser(app, ['admin'])).token;
    await addCamera(app, camedit, { name: 'Good', videoConfig: { source: 'rtsp://10.0.0.2/live' } });
  });
  afterAll(() => app.close());

  it('POST and PATCH /api/cameras refuse every probe payload with 400 naming it', async () => {
    for (const [field, value, named] of payloads()) {
      const created = await app.inject({ method: 'POST', url: '/api/cameras', headers: bearer(camedit), payload: cameraWith('Evil', field, value) });
      expectNamed(created, field, named);
      const patched = await app.inject({
        method: 'PATCH', url: '/api/cameras/Good', headers: bearer(camedit), payload: { videoConfig: { [field]: value } },
      });
      expectNamed(patched, field, named);
    }
    const cameras = app.homecam.config.get().cameras;
    expect(cameras.map((c) => c.name)).toEqual(['Good']);
    expect(cameras[0]?.videoConfig).toEqual({ source: 'rtsp://10.0.0.2/live' });
  });

  it('the admin config routes refuse them too', async () => {
    for (const [field, value, named] of payloads()) {
      const cameras = [...app.homecam.config.get().cameras, cameraWith('Evil', field, value)];
      const section = await app.inject({ method: 'PATCH', url: '/api/config/cameras', headers: bearer(admin), payload: cameras });
      expectNamed(section, field, named);
      const whole = await app.inject({ method: 'PATCH', url: '/api/config', headers: bearer(admin), payload: { ...app.homecam.config.get(), cameras } });
      expectNamed(whole, field, named);
    }
    expect(app.homecam.config.get().cameras.map((c) => c.name)).toEqual(['Good']);
  });

  it('keeps accepting what camera.ui users write: options of the closed list, codec choices, filters, maps', async () => {
    await addCamera(app, camedit, {
      name: 'Classic',
      videoConfig: {
        source: '-rtsp_transport tcp -fflags +genpts -analyzeduration 1000000 -i rtsp://admin:pw@10.0.0.3:554/h264',
        subSource: '-f mjpeg -reconnect 1 -i http://10.0.0.3/video.cgi',
        stillImageSource: '-i http://10.0.0.3/snapshot.jpg',
        vcodec: 'libx264',
        encoderOptions: '-preset ultrafast -tune zerolatency',
        videoFilter: 'scale=1280:-2,hflip',
        mapvideo: '0:v:0',
        mapaudio: '0:a:0?',
      },
    });
  });
});

describe('probe payloads planted in config.json', () => {
  let app: HomecamApp;
  let viewer: string;
  const planted = (): { name: string; videoConfig: Record<string, string> }[] => [
    { name: 'Good', videoConfig: { source: 'demo:Good?size=160x120&fps=5&audio=0' } },
    cameraWith('Tty', 'source', '-f tty -i /etc/shadow'),
    cameraWith('Subfile', 'source', `subfile,,start,0,end,0,,:${dataDir}/config.json`),
    cameraWith('Writer', 'encoderOptions', `-y -f image2 ${join(dataDir, 'pwned')}.jpg`),
    cameraWith('Stats', 'source', `-vstats_file ${join(dataDir, 'pwned')} -i ${ssrfUrl}/source`),
    cameraWith('Movie', 'videoFilter', `movie=${ssrfUrl}/filter`),
    cameraWith('Still', 'stillImageSource', `-f mpjpeg -vstats_file ${join(dataDir, 'pwned')} -i ${ssrfUrl}/still`),
  ];

  beforeAll(async () => {
    await writeFile(join(dataDir, 'config.json'), JSON.stringify({ cameras: planted() }, null, 2));
    app = await createTestApp({ dataDir });
    viewer = (await signedInUser(app, ['cameras:access'])).token;
  }, 30_000);
  afterAll(() => app?.close());

  const status = async (name: string): Promise<CameraStatus> =>
    (await app.inject({ url: `/api/cameras/${name}/status`, headers: bearer(viewer) })).json<CameraStatus>();

  it('starts, marks each planted camera in error naming the refused option, and the good camera streams', async () => {
    expect((await app.inject({ url: '/api/cameras', headers: bearer(viewer) })).statusCode).toBe(200);
    const expected: [string, string][] = [
      ['Tty', '/etc/shadow'],
      ['Subfile', 'subfile'],
      ['Writer', 'option -y'],
      ['Stats', '-vstats_file'],
      ['Movie', 'movie='],
    ];
    for (const [name, named] of expected) {
      await waitFor(async () => (await status(name)).state === 'error', { message: `${name} in error` });
      expect((await status(name)).reason, name).toContain(named);
      const snapshot = await app.inject({ url: `/api/cameras/${name}/snapshot`, headers: bearer(viewer) });
      expectError(snapshot, 503, 'CAMERA_OFFLINE');
    }
    const still = await app.inject({ url: '/api/cameras/Still/snapshot', headers: bearer(viewer) });
    expectError(still, 502, 'SNAPSHOT_FAILED');
    expect(still.body).toContain('-vstats_file');

    const good = await app.inject({ url: '/api/cameras/Good/snapshot', headers: bearer(viewer) });
    expect(good.statusCode).toBe(200);
    expect(good.headers['content-type']).toBe('image/jpeg');
    await waitFor(async () => (await status('Good')).state === 'streaming', { message: 'the good camera streams' });

    // Nothing was read, written or fetched on any camera's behalf.
    expect(existsSync(join(dataDir, 'pwned'))).toBe(false);
    expect(existsSync(join(dataDir, 'pwned.jpg'))).toBe(false);
    expect(ssrfHits).toBe(0);
  }, 60_000);

  it('a planted camera does not block other config writes, as long as its media settings stay as they are', async () => {
    const admin = (await signedInUser(app, ['admin'])).token;
    const cameras = app.homecam.config.get().cameras.map((camera) => (camera.name === 'Tty' ? { ...camera, room: 'Cellar' } : camera));
    const moved = await app.inject({ method: 'PATCH', url: '/api/config/cameras', headers: bearer(admin), payload: cameras });
    expect(moved.statusCode).toBe(200);
    const changed = cameras.map((camera) => (camera.name === 'Tty' ? { ...camera, videoConfig: { source: '-f tty -i /etc/passwd' } } : camera));
    expectNamed(await app.inject({ method: 'PATCH', url: '/api/config/cameras', headers: bearer(admin), payload: changed }), 'source', '/etc/passwd');
  });
});
