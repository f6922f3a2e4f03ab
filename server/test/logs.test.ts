import type { LogEntry } from '@homecam/shared';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HomecamApp } from '../src/app.js';
import { LogCapture } from './helpers/log-capture.js';
import { expectError } from './helpers/http.js';
import { closeAllSockets, connectOutcome, socketClient, type ClientSocket } from './helpers/socket.js';
import { createTestApp, listen, makeDataDir } from './helpers/test-app.js';
import { bearer, signedInUser } from './helpers/users.js';

const CAMERA_PASSWORD = 'CamPass-77x';
const SMTP_PASSWORD = 'SmtpSecret-99';
const TOKEN = 'HttpTriggerToken-123';
const SECRETS = [CAMERA_PASSWORD, SMTP_PASSWORD, TOKEN, 'QueryTok-456', 'BearerTok-789'];

let app: HomecamApp;
let url: string;
let dataDir: string;
let adminToken: string;
const stdout = new LogCapture();
/** Everything each socket received as `logMessage`. */
const received = { admin: [] as LogEntry[], user: [] as LogEntry[] };
let adminSocket: ClientSocket;

beforeAll(async () => {
  dataDir = await makeDataDir();
  const config = {
    cameras: [{ name: 'Door', videoConfig: { source: `-rtsp_transport tcp -i rtsp://admin:${CAMERA_PASSWORD}@127.0.0.1:9/live` } }],
    smtp: { active: false, password: SMTP_PASSWORD },
    http: { active: false, token: TOKEN },
  };
  await writeFile(join(dataDir, 'config.json'), JSON.stringify(config));
  app = await createTestApp({ dataDir, logLevel: 'info', logStream: stdout, logFile: { maxBytes: 4_096, files: 3 } });
  url = await listen(app);
  adminToken = (await signedInUser(app, ['admin'])).token;
  const userToken = (await signedInUser(app, ['dashboard:access', 'settings:cameras:access'])).token;
  adminSocket = socketClient(url, adminToken);
  const userSocket = socketClient(url, userToken);
  adminSocket.on('logMessage', (entries) => received.admin.push(...entries));
  userSocket.on('logMessage', (entries) => received.user.push(...entries));
  expect(await connectOutcome(adminSocket)).toBe('connected');
  expect(await connectOutcome(userSocket)).toBe('connected');
});
afterAll(async () => {
  closeAllSockets();
  await app.close();
});

/** Resolves when the admin socket has received an entry whose message contains `marker`. */
function adminReceives(marker: string): Promise<LogEntry> {
  return new Promise((resolve) => {
    const found = () => received.admin.find((entry) => entry.message.includes(marker));
    const check = () => {
      const entry = found();
      if (entry) {
        adminSocket.off('logMessage', check);
        resolve(entry);
      }
    };
    adminSocket.on('logMessage', check);
    check();
  });
}

async function download(): Promise<string> {
  const response = await app.inject({ url: '/api/system/log/download', headers: bearer(adminToken) });
  expect(response.statusCode).toBe(200);
  return response.body;
}

describe('server log', () => {
  it('keeps the newest entries in memory, structured, and serves them to admins', async () => {
    app.log.info({ module: 'recorder', camera: 'Door' }, 'ring-marker');
    const response = await app.inject({ url: '/api/system/log?limit=50', headers: bearer(adminToken) });
    expect(response.statusCode).toBe(200);
    const { entries } = response.json<{ entries: LogEntry[] }>();
    expect(entries.length).toBeGreaterThan(1);
    expect(entries.length).toBeLessThanOrEqual(50);
    const seqs = entries.map((entry) => entry.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    const marked = entries.find((entry) => entry.message.includes('ring-marker'));
    expect(marked).toMatchObject({ level: 'info', source: 'recordings', camera: 'Door' });
    expect(Date.parse(marked?.time ?? '')).not.toBeNaN();
    const limited = await app.inject({ url: '/api/system/log?limit=1', headers: bearer(adminToken) });
    expect(limited.json<{ entries: LogEntry[] }>().entries).toHaveLength(1);
  });

  it('refuses a bad limit', async () => {
    for (const limit of ['0', '-1', 'abc', '2001', '1.5']) {
      expectError(await app.inject({ url: `/api/system/log?limit=${limit}`, headers: bearer(adminToken) }), 400, 'VALIDATION_FAILED');
    }
  });

  it('names the source and camera of a record from its bindings', () => {
    const log = app.log;
    log.child({ module: 'triggers' }).info({ trigger: 'mqtt', camera: 'Door' }, 'source-marker mqtt');
    log.child({ module: 'triggers' }).info({ trigger: 'http' }, 'source-marker http trigger');
    log.child({ module: 'recorder' }).info({ camera: 'Door', id: 5 }, 'source-marker recording');
    log.child({ module: 'media' }).info({ stream: 'Door/main' }, 'source-marker stream');
    log.child({ module: 'media' }).info({ camera: 'Door' }, 'source-marker motion started');
    log.warn({ err: new Error('boom') }, 'source-marker plain');
    const entries = app.homecam.logs.recent(10).filter((entry) => entry.message.includes('source-marker'));
    expect(entries.map(({ source, camera, level }) => ({ source, camera, level }))).toEqual([
      { source: 'mqtt', camera: 'Door', level: 'info' },
      { source: 'http-trigger', camera: undefined, level: 'info' },
      { source: 'recordings', camera: 'Door', level: 'info' },
      { source: 'camera', camera: 'Door', level: 'info' },
      { source: 'motion', camera: 'Door', level: 'info' },
      { source: 'system', camera: undefined, level: 'warn' },
    ]);
    expect(entries.at(-1)?.message).toContain('err=Error: boom');
    expect(entries.at(-1)?.message).not.toContain('at '); // no stack
  });

  it('sends new entries to admin sockets only, batched', async () => {
    app.log.info('socket-marker-1');
    const entry = await adminReceives('socket-marker-1');
    expect(entry.source).toBe('system');
    // Two more batches reach the admin: by then a leak to the other socket would have arrived too.
    app.log.info('socket-marker-2');
    await adminReceives('socket-marker-2');
    expect(received.user).toEqual([]);
  });

  it('masks secrets before anything is written: stdout, ring, file, socket, download', async () => {
    const marker = 'redaction-marker';
    app.log.info(
      { source: `rtsp://admin:${CAMERA_PASSWORD}@10.0.0.9:554/live`, mail: `pass ${SMTP_PASSWORD}` },
      `${marker} tried rtsp://other:${CAMERA_PASSWORD}@cam/live and /api/trigger?token=QueryTok-456 with Bearer BearerTok-789 and ${TOKEN}`,
    );
    const entry = await adminReceives(marker);
    const ring = JSON.stringify(app.homecam.logs.recent(2_000));
    const api = (await app.inject({ url: '/api/system/log?limit=2000', headers: bearer(adminToken) })).body;
    const file = await download();
    expect(file).toContain(marker);
    expect(ring).toContain(marker);
    expect(stdout.text).toContain(marker);
    for (const [sink, text] of Object.entries({ stdout: stdout.text, ring, api, file, socket: JSON.stringify(received.admin) })) {
      for (const secret of SECRETS) expect(text, `${secret} in ${sink}`).not.toContain(secret);
    }
    expect(entry.message).toContain('rtsp://other:********@cam/live');
    expect(entry.message).toContain('token=********');
    expect(entry.message).toContain('Bearer ********');
  });

  it('downloads the log files as one text attachment, oldest first, and keeps them bounded by rotation', async () => {
    for (let i = 0; i < 60; i++) app.log.info({ pad: 'x'.repeat(100) }, `rotation-${String(i).padStart(3, '0')}`);
    const response = await app.inject({ url: '/api/system/log/download', headers: bearer(adminToken) });
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.headers['content-disposition']).toBe('attachment; filename="homecam.log"');
    const indices = [...response.body.matchAll(/rotation-(\d{3})/g)].map((match) => Number(match[1]));
    expect(indices.length).toBeGreaterThan(5);
    expect(indices).toEqual([...indices].sort((a, b) => a - b));
    expect(indices.at(-1)).toBe(59);
    const files = (await readdir(join(dataDir, 'logs'))).sort();
    expect(files).toEqual(['homecam.log', 'homecam.log.1', 'homecam.log.2']);
    for (const name of files) {
      const text = await readFile(join(dataDir, 'logs', name), 'utf8');
      expect(Buffer.byteLength(text), name).toBeLessThanOrEqual(4_096);
      expect(text.endsWith('\n'), name).toBe(true); // rotated between lines, never inside one
      expect(text).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+Z (INFO |WARN |DEBUG|ERROR) \[\w[\w-]*(:[^\]]+)?\] /);
    }
  });
});

describe('request lines', () => {
  const requestLines = (marker: string) => app.homecam.logs.recent(2_000).filter((entry) => entry.message.includes(marker));

  it('at the default level (info) a request leaves no line: the Console is not an access log', async () => {
    expect((await app.inject({ url: '/api/health?quiet-marker=1' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/quiet-marker-404' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/api/system/log?quiet-marker=2' })).statusCode).toBe(401);
    app.log.info('quiet-marker-end'); // written after the requests' lines would have been
    expect(requestLines('quiet-marker').map((entry) => entry.message)).toEqual(['quiet-marker-end']);
  });

  it('at debug each request is one line with method, path, status and time', async () => {
    app.log.level = 'debug';
    try {
      await app.inject({ url: '/api/health?debug-marker=1' });
      await app.inject({ url: '/api/debug-marker-404' });
    } finally {
      app.log.level = 'info';
    }
    const lines = requestLines('debug-marker').filter((entry) => entry.message.includes('request GET'));
    expect(lines.map(({ level, source }) => ({ level, source }))).toEqual([
      { level: 'debug', source: 'http' },
      { level: 'debug', source: 'http' },
    ]);
    expect(lines[0]?.message).toMatch(/request GET \/api\/health\?debug-marker=1 → 200 \(\d+ ms\)/);
    expect(lines[1]?.message).toMatch(/request GET \/api\/debug-marker-404 → 404/);
    expect(requestLines('debug-marker').some((entry) => entry.message.includes('incoming request'))).toBe(false);
  });

  it('a signed-in user refused for lack of a permission is an info line with the user, on the Users chip', async () => {
    const { token, user } = await signedInUser(app, ['dashboard:access']);
    expectError(await app.inject({ url: '/api/users', headers: bearer(token) }), 403, 'FORBIDDEN');
    const refused = app.homecam.logs.recent(50).filter((entry) => entry.message.startsWith('permission refused'));
    expect(refused.at(-1)).toMatchObject({ level: 'info', source: 'users', message: `permission refused: "${user.username}" (127.0.0.1) may not GET /api/users` });
  });
});

describe('server log access', () => {
  it('is for admins only', async () => {
    const { token } = await signedInUser(app, ['dashboard:access', 'settings:general:edit']);
    for (const path of ['/api/system/log', '/api/system/log/download']) {
      expectError(await app.inject({ url: path }), 401, 'UNAUTHENTICATED');
      expectError(await app.inject({ url: path, headers: bearer(token) }), 403, 'FORBIDDEN');
    }
  });
});
