import type { LogEntry } from '@homecam/shared';
import { waitFor } from '@homecam/tools';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HomecamApp } from '../src/app.js';
import { restore } from './helpers/backup.js';
import { triggerFtpRecording } from './helpers/recordings.js';
import { createTestApp, makeDataDir } from './helpers/test-app.js';
import { bearer, signedInUser } from './helpers/users.js';

/**
 * Issue 16: the Console is an audit trail. Real flows through the HTTP API (an admin adding and changing a camera,
 * changing a user's permissions and password, a failed sign-in, a motion event, a recording, a backup download, a
 * refused restore, a restart) must leave `info` lines (warnings where something was refused) with their subject
 * and Console source, never a secret, and no per-request access line at the default level.
 */

class JsonLines extends Writable {
  text = '';
  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: () => void): void {
    this.text += chunk.toString();
    callback();
  }
  records(): Record<string, unknown>[] {
    return this.text
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  }
}

const CAMERA_PASSWORD = 'CamSecret-71x';
const BOB_PASSWORD = 'bob-password-1';
const BOB_NEW_PASSWORD = 'bob-new-password-2';
/** A password typed into the user name field: such a name is never logged. */
const MISTYPED_NAME = 'hunter2-Secret-Typed';
const SECRETS = [CAMERA_PASSWORD, BOB_PASSWORD, BOB_NEW_PASSWORD, MISTYPED_NAME, 'wrong-password-9'];

let app: HomecamApp;
let adminToken: string;
let adminName: string;
const stdout = new JsonLines();

beforeAll(async () => {
  const dataDir = await makeDataDir();
  await writeFile(join(dataDir, 'config.json'), JSON.stringify({ recordings: { active: true, type: 'Snapshot' } }));
  app = await createTestApp({ dataDir, logLevel: 'info', logStream: stdout, supervised: true });
  const admin = await signedInUser(app, ['admin']);
  adminToken = admin.token;
  adminName = admin.user.username;
});
afterAll(() => app.close());

/** The entries written since `from` (a seq), through the API the Console reads. */
async function entriesSince(from: number): Promise<LogEntry[]> {
  const response = await app.inject({ url: '/api/system/log?limit=2000', headers: bearer(adminToken) });
  expect(response.statusCode).toBe(200);
  return response.json<{ entries: LogEntry[] }>().entries.filter((entry) => entry.seq > from);
}

const lastSeq = (): number => app.homecam.logs.recent(1).at(-1)?.seq ?? 0;

/** The one entry whose message matches; fails with the messages seen when there is none. */
function find(entries: LogEntry[], pattern: RegExp): LogEntry {
  const found = entries.find((entry) => pattern.test(entry.message));
  expect(found, `${String(pattern)} in:\n${entries.map((entry) => entry.message).join('\n')}`).toBeDefined();
  return found!;
}

const api = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  app.inject({ method, url, headers: bearer(adminToken), ...(payload !== undefined && { payload: payload as Record<string, unknown> }) });

describe('the Console as an audit trail', () => {
  it('names the camera and the admin who added, changed, renamed and removed it (never its source)', async () => {
    const from = lastSeq();
    const source = `-i rtsp://cam:${CAMERA_PASSWORD}@127.0.0.1:9/live`;
    expect((await api('POST', '/api/cameras', { name: 'Porch', videoConfig: { source } })).statusCode).toBe(201);
    expect((await api('PATCH', '/api/cameras/Porch', { motionTimeout: 30, videoConfig: { maxStreams: 3 } })).statusCode).toBe(200);
    expect((await api('PATCH', '/api/cameras/Porch', { name: 'Front Porch' })).statusCode).toBe(200);
    expect((await api('DELETE', '/api/cameras/Front%20Porch')).statusCode).toBe(204);
    const entries = await entriesSince(from);
    const by = `by ${adminName} \\(127\\.0\\.0\\.1\\)`;
    expect(find(entries, new RegExp(`^camera "Porch" added ${by}$`))).toMatchObject({ level: 'info', source: 'camera', camera: 'Porch' });
    expect(find(entries, new RegExp(`^camera "Porch" changed \\(motionTimeout, videoConfig\\) ${by}$`))).toMatchObject({ source: 'camera', camera: 'Porch' });
    expect(find(entries, new RegExp(`^camera "Front Porch" renamed from "Porch" ${by}$`))).toMatchObject({ camera: 'Front Porch' });
    expect(find(entries, new RegExp(`^camera "Front Porch" removed ${by}$`))).toMatchObject({ level: 'info' });
    // The JSON line carries the subject as fields, for anything that reads stdout.
    const added = stdout.records().find((record) => record.audit === true && record.camera === 'Porch' && String(record.msg).includes('added'));
    expect(added).toMatchObject({ logSource: 'camera', by: adminName, byAddress: '127.0.0.1' });
  });

  it('names who changed whose permissions and password, and who added and removed a user', async () => {
    const from = lastSeq();
    const created = await api('POST', '/api/users', { username: 'bob', password: BOB_PASSWORD, permissionLevel: ['dashboard:access'] });
    expect(created.statusCode).toBe(201);
    const id = created.json<{ id: number }>().id;
    expect((await api('PATCH', `/api/users/${id}`, { permissionLevel: ['dashboard:access', 'cameras:access'] })).statusCode).toBe(200);
    expect((await api('PATCH', `/api/users/${id}`, { password: BOB_NEW_PASSWORD })).statusCode).toBe(200);
    const entries = await entriesSince(from);
    expect(find(entries, new RegExp(`^user "bob" added by ${adminName} \\(127\\.0\\.0\\.1\\), permissions: dashboard:access$`))).toMatchObject({ level: 'info', source: 'users' });
    find(entries, new RegExp(`^user "bob" changed by ${adminName} \\(127\\.0\\.0\\.1\\): permissions now dashboard:access, cameras:access$`));
    find(entries, new RegExp(`^user "bob" changed by ${adminName} \\(127\\.0\\.0\\.1\\): password changed$`));
    expect((await api('DELETE', `/api/users/${id}`)).statusCode).toBe(204);
    find(await entriesSince(from), new RegExp(`^user "bob" removed by ${adminName} \\(127\\.0\\.0\\.1\\)$`));
  });

  it('a failed sign-in is a warning with the account and the address; a name that is no account is not written', async () => {
    const { user } = await signedInUser(app, ['dashboard:access'], { username: 'carol' });
    const from = lastSeq();
    const login = (username: string, password: string) => app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password }, remoteAddress: '192.168.1.77' });
    expect((await login(user.username, 'wrong-password-9')).statusCode).toBe(401);
    expect((await login(MISTYPED_NAME, 'wrong-password-9')).statusCode).toBe(401);
    expect((await login(user.username, 'test-password-1')).statusCode).toBe(200);
    const entries = await entriesSince(from);
    expect(find(entries, /^sign-in failed for "carol" from 192\.168\.1\.77: wrong user name or password$/)).toMatchObject({ level: 'warn', source: 'users' });
    expect(find(entries, /^sign-in failed for an unknown user name from 192\.168\.1\.77/)).toMatchObject({ level: 'warn', source: 'users' });
    expect(find(entries, /^"carol" signed in from 192\.168\.1\.77$/)).toMatchObject({ level: 'info', source: 'users' });
  });

  it('motion from the API starts and ends with its source, and a recording starts and finishes', async () => {
    expect((await api('POST', '/api/cameras', { name: 'Gate', videoConfig: { source: '-i rtsp://127.0.0.1:9/gate' } })).statusCode).toBe(201);
    const from = lastSeq();
    // No recording for the API's motion: its thumbnail would wait for a camera that is not there.
    await app.homecam.config.patchSection('recordings', { active: false });
    expect((await api('PUT', '/api/cameras/Gate/motion/start')).statusCode).toBe(200);
    expect((await api('PUT', '/api/cameras/Gate/motion/reset')).statusCode).toBe(200);
    await app.homecam.config.patchSection('recordings', { active: true });
    const row = await triggerFtpRecording(app, 'Gate');
    const entries = await entriesSince(from);
    expect(find(entries, /^motion started on "Gate" \(API\)$/)).toMatchObject({ level: 'info', source: 'motion', camera: 'Gate' });
    expect(find(entries, /^motion ended on "Gate" after \d+ s \(API\)$/)).toMatchObject({ source: 'motion', camera: 'Gate' });
    expect(find(entries, /^motion started on "Gate" \(FTP\)$/)).toMatchObject({ source: 'motion' });
    expect(find(entries, /^recording started on "Gate"$/)).toMatchObject({ level: 'info', source: 'recordings', camera: 'Gate' });
    expect(row.status).toBe('complete');
    expect(find(entries, /^recording on "Gate" finished: snapshot, 0\.0 MB$/)).toMatchObject({ level: 'info', source: 'recordings', camera: 'Gate' });
    expect((await api('DELETE', `/api/recordings/${row.id}`)).statusCode).toBe(204);
    find(await entriesSince(from), new RegExp(`^1 recording of "Gate" deleted by ${adminName} \\(127\\.0\\.0\\.1\\)$`));
  });

  it('a backup download, a refused restore and a restart name who asked', async () => {
    const from = lastSeq();
    const download = await api('GET', '/api/backup/download');
    expect(download.statusCode).toBe(200);
    expect((await restore(app, adminToken, Buffer.from('not an archive'))).statusCode).toBe(400);
    expect((await api('POST', '/api/system/restart')).statusCode).toBe(202);
    const entries = await entriesSince(from);
    expect(find(entries, new RegExp(`^backup "homecam-backup-\\d{8}-\\d{4}\\.tar\\.gz" downloaded by ${adminName} \\(127\\.0\\.0\\.1\\)$`))).toMatchObject({ level: 'info', source: 'system' });
    expect(find(entries, new RegExp(`^backup restore by ${adminName} \\(127\\.0\\.0\\.1\\) refused \\([A-Z_]+\\)$`))).toMatchObject({ level: 'warn', source: 'system' });
    expect(find(entries, new RegExp(`^restart requested by ${adminName} \\(127\\.0\\.0\\.1\\)$`))).toMatchObject({ level: 'info', source: 'system' });
  });

  it('a stream going up, and one going offline, are lines of their camera with the reason (credentials masked)', async () => {
    const from = lastSeq();
    const demo = { name: 'Yard', prebuffering: true, videoConfig: { source: 'demo:?size=160x120&fps=10&audio=0' } };
    const dead = { name: 'Shed', prebuffering: true, videoConfig: { source: `-rtsp_transport tcp -i rtsp://cam:${CAMERA_PASSWORD}@127.0.0.1:9/shed` } };
    for (const camera of [demo, dead]) expect((await api('POST', '/api/cameras', camera)).statusCode).toBe(201);
    const lines = () => app.homecam.logs.recent(2_000).filter((entry) => entry.seq > from);
    const up = await waitFor(() => lines().find((entry) => entry.message === '"Yard" (main stream) is up'), { timeoutMs: 20_000, message: 'Yard up' });
    expect(up).toMatchObject({ level: 'info', source: 'camera', camera: 'Yard' });
    const offline = await waitFor(() => lines().find((entry) => entry.message.startsWith('"Shed" (main stream) is offline')), { timeoutMs: 20_000, message: 'Shed offline' });
    expect(offline).toMatchObject({ level: 'warn', source: 'camera', camera: 'Shed' });
    for (const name of ['Yard', 'Shed']) expect((await api('DELETE', `/api/cameras/${name}`)).statusCode).toBe(204);
  });

  it('at the default level there is no per-request line, and no secret anywhere', async () => {
    const all = await entriesSince(0);
    expect(all.length).toBeGreaterThan(15);
    expect(all.filter((entry) => /incoming request|request completed|^\[req-\w+\] request /.test(entry.message))).toEqual([]);
    expect(all.filter((entry) => entry.source === 'http')).toEqual([]);
    for (const secret of SECRETS) {
      expect(stdout.text, `${secret} on stdout`).not.toContain(secret);
      expect(JSON.stringify(all), `${secret} in the Console`).not.toContain(secret);
    }
  });
});
