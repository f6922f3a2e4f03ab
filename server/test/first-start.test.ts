import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FirstStartRefusedError } from '../src/services/user.service.js';
import { createTestApp, makeDataDir } from './helpers/test-app.js';
import { masterUser } from './helpers/users.js';

/**
 * Review #20: a data directory whose config.json has cameras but whose database has no user is a lost or emptied
 * homecam.db, not a first start; master/master would hand the cameras to whoever signs in first.
 */
async function dataDirWithCameras(): Promise<string> {
  const dataDir = await makeDataDir();
  const cameras = [{ name: 'Door', videoConfig: { source: 'rtsp://user:secret@192.0.2.10/stream' } }];
  await writeFile(join(dataDir, 'config.json'), JSON.stringify({ cameras }));
  return dataDir;
}

describe('start with cameras but no users', () => {
  it('is refused without HOMECAM_ADMIN_PASSWORD, and nothing is created', async () => {
    const dataDir = await dataDirWithCameras();
    await expect(createTestApp({ dataDir, adminPassword: undefined })).rejects.toBeInstanceOf(FirstStartRefusedError);
    // A later start with the password works, so the refusal left no user behind.
    const app = await createTestApp({ dataDir, adminPassword: 'from-the-env-1' });
    try {
      expect(await app.homecam.repositories.users.count()).toBe(1);
    } finally {
      await app.close();
    }
  });

  it('with HOMECAM_ADMIN_PASSWORD creates master with that password, still owing the credential change', async () => {
    const app = await createTestApp({ dataDir: await dataDirWithCameras(), adminPassword: 'from-the-env-2' });
    try {
      const master = await masterUser(app);
      expect(master.mustChangeCredentials).toBe(true);
      const wrong = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'master', password: 'master' } });
      expect(wrong.statusCode).toBe(401);
      const right = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'master', password: 'from-the-env-2' } });
      expect(right.statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('a fresh directory (no cameras) still starts with master/master as before', async () => {
    const app = await createTestApp();
    try {
      expect((await masterUser(app)).mustChangeCredentials).toBe(true);
    } finally {
      await app.close();
    }
  });

  it('the server process exits 1 with a clear message', async () => {
    const dataDir = await dataDirWithCameras();
    const main = resolve(import.meta.dirname, '..', 'src', 'main.ts');
    const env: NodeJS.ProcessEnv = { ...process.env, HOMECAM_LOG_LEVEL: 'silent' };
    delete env.HOMECAM_ADMIN_PASSWORD;
    const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', main, '--port', '0', '--host', '127.0.0.1', '--data', dataDir], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((done) => child.once('exit', done));
    expect(code).toBe(1);
    expect(output).toContain('HOMECAM_ADMIN_PASSWORD');
    expect(output).not.toContain('listening');
  }, 30_000);
});
