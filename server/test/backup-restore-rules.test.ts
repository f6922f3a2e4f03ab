import { createHash } from 'node:crypto';
import { mkdir, readdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { restoredConfigText } from '../src/backup/restore-config.js';
import { archiveEntries, download, rawArchive, restore, type RawEntry } from './helpers/backup.js';
import { errorCode } from './helpers/http.js';
import { createTestApp, makeDataDir } from './helpers/test-app.js';
import { signedInUser } from './helpers/users.js';

/**
 * N4: a restore obeys the rules of the API. The probe's admin restored a config.json whose options.videoProcessor
 * named a 0755 script packed into the same archive; the script then ran as root. A restore keeps the live value of
 * every file-only key, unpacks with fixed modes (never executable), and refuses camera media the API refuses.
 */
const sha256 = (body: Buffer | string) => createHash('sha256').update(body).digest('hex');
/** Leaves a mark beside itself when run, then passes through to ffmpeg (nothing would look wrong in the UI). */
const SCRIPT = '#!/bin/sh\necho "ran as $(id -u): $*" >> "$(dirname "$0")/RAN"\nexec ffmpeg "$@"\n';

/** The archive's entries with config.json changed and files added, the manifest listing (and hashing) them. */
function edited(entries: RawEntry[], config: (json: Record<string, unknown>) => void, added: RawEntry[]): Buffer {
  const manifestEntry = entries[0]!;
  const manifest = JSON.parse(String(manifestEntry.body)) as { sha256: Record<string, string> };
  const changed = entries.slice(1).map((entry) => {
    if (entry.path !== 'config.json') return entry;
    const json = JSON.parse(String(entry.body)) as Record<string, unknown>;
    config(json);
    const body = JSON.stringify(json);
    manifest.sha256['config.json'] = sha256(body);
    return { ...entry, body };
  });
  for (const file of added) manifest.sha256[file.path] = sha256(file.body ?? '');
  return rawArchive([{ ...manifestEntry, body: JSON.stringify(manifest) }, ...changed, ...added]);
}

/** Modes of everything under dir: path → mode bits. */
async function modes(dir: string, prefix = ''): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const item of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, item.name);
    out[`${prefix}${item.name}${item.isDirectory() ? '/' : ''}`] = (await stat(path)).mode & 0o7777;
    if (item.isDirectory()) Object.assign(out, await modes(path, `${prefix}${item.name}/`));
  }
  return out;
}

describe('a restored config.json and its files', () => {
  it('keep the live videoProcessor (none) and are never executable, whatever the archive says (the probe\'s N4)', async () => {
    const dataDir = await makeDataDir();
    const app = await createTestApp({ dataDir });
    const { token } = await signedInUser(app, ['admin']);
    const recordings = app.homecam.recordingsDir.dir;
    await mkdir(join(recordings, 'Sim', '2026-11-28'), { recursive: true });
    await writeFile(join(recordings, 'Sim', '2026-11-28', 'clip.mp4'), 'a clip');
    const entries = await archiveEntries(await download(app, token, '?recordings=true'));
    const script = { path: 'recordings/Sim/evil-ffmpeg.sh', body: SCRIPT, mode: 0o755 };
    const archive = edited(entries, (json) => void (json.options = { videoProcessor: join(recordings, 'Sim', 'evil-ffmpeg.sh') }), [
      script,
      { path: 'photos/also-755.png', body: 'x', mode: 0o777 },
      { path: 'recordings/Sim/2026-11-28/dir-755/', type: 'Directory', mode: 0o777 },
    ]);
    expect((await restore(app, token, archive)).statusCode).toBe(202);
    await app.close();

    const next = await createTestApp({ dataDir });
    try {
      expect(next.homecam.config.get().options.videoProcessor).toBeUndefined();
      expect(await readdir(join(recordings, 'Sim'))).not.toContain('RAN');
      const restored = { ...(await modes(recordings, 'recordings/')), ...(await modes(join(dataDir, 'photos'), 'photos/')) };
      expect(restored['recordings/Sim/evil-ffmpeg.sh']).toBe(0o644);
      expect(restored['photos/also-755.png']).toBe(0o644);
      expect(restored['recordings/Sim/2026-11-28/dir-755/']).toBe(0o755);
      expect(Object.entries(restored).filter(([path, mode]) => !path.endsWith('/') && (mode & 0o111) !== 0)).toEqual([]);
      expect(Object.entries(restored).filter(([path, mode]) => path.endsWith('/') && mode !== 0o755)).toEqual([]);
    } finally {
      await next.close();
    }
  });

  it('keeps the live videoProcessor when the live file sets one, and takes no new one from the archive', () => {
    const live = { options: { videoProcessor: '/usr/bin/ffmpeg' } };
    const fromArchive = (options: unknown) => JSON.parse(restoredConfigText({ options }, live, { keepSecretsLive: false })) as { options: Record<string, unknown> };
    expect(fromArchive({ videoProcessor: '/data/recordings/Sim/evil.sh' }).options.videoProcessor).toBe('/usr/bin/ffmpeg');
    expect(fromArchive({}).options.videoProcessor).toBe('/usr/bin/ffmpeg');
    const none = JSON.parse(restoredConfigText({ options: { videoProcessor: '/tmp/evil.sh' } }, {}, { keepSecretsLive: false })) as { options: Record<string, unknown> };
    expect(none.options).not.toHaveProperty('videoProcessor');
  });

  it('refuses a camera whose source the API would refuse (an ffmpeg file read), nothing staged', async () => {
    const app = await createTestApp();
    try {
      const { token } = await signedInUser(app, ['admin']);
      const entries = await archiveEntries(await download(app, token));
      const archive = edited(entries, (json) => void (json.cameras = [{ name: 'Shadow', videoConfig: { source: '-re -stream_loop -1 -f tty -i /etc/shadow' } }]), []);
      const response = await restore(app, token, archive);
      expect({ status: response.statusCode, code: errorCode(response) }).toEqual({ status: 400, code: 'BACKUP_INVALID' });
      expect((await readdir(app.homecam.dataDir)).filter((name) => name.startsWith('restore-'))).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
