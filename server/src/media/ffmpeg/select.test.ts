import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { MediaLogger } from '../logger.js';
import { parseFfmpegVersion, type FfmpegVersion } from './locate.js';
import { selectFfmpeg } from './select.js';

interface Entry { level: 'debug' | 'info' | 'warn' | 'error'; context: object; message: string }

function recordingLogger(): MediaLogger & { entries: Entry[] } {
  const entries: Entry[] = [];
  const at = (level: Entry['level']) => (context: object, message: string): void => void entries.push({ level, context, message });
  return { entries, debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

const REAL = 'ffmpeg version 5.1.9-0+deb12u1 Copyright (c) 2000-2026 the FFmpeg developers';
const BUNDLED = 'ffmpeg version N-47683-g0e8eb07980-static https://johnvansickle.com/ffmpeg/  Copyright (c) 2000-2018';
const fakeProbe = (banners: Record<string, string>) => (path: string): Promise<FfmpegVersion> =>
  banners[path] === undefined ? Promise.reject(new Error(`spawn ${path} ENOENT`)) : Promise.resolve(parseFfmpegVersion(banners[path]));
const exists = (paths: string[]) => (p: string) => paths.includes(p);

describe('selectFfmpeg', () => {
  it('warns when the bundled 2018 snapshot is the one picked', async () => {
    const log = recordingLogger();
    const found = await selectFfmpeg({
      log, env: { PATH: '/nowhere' }, bundledPath: () => '/bundled/ffmpeg',
      isExecutable: exists(['/bundled/ffmpeg']), probe: fakeProbe({ '/bundled/ffmpeg': BUNDLED }),
    });
    expect(found).toMatchObject({ path: '/bundled/ffmpeg', origin: 'bundled' });
    const warning = log.entries.find((e) => e.level === 'warn' && e.message.includes('bundled'));
    expect(warning?.message).toContain('2018');
    expect(warning?.context).toMatchObject({ ffmpeg: '/bundled/ffmpeg' });
  });

  it('does not warn about the bundled binary when a system ffmpeg is found first', async () => {
    const log = recordingLogger();
    const found = await selectFfmpeg({
      log, env: { PATH: '/usr/bin' }, bundledPath: () => '/bundled/ffmpeg',
      isExecutable: exists(['/usr/bin/ffmpeg', '/bundled/ffmpeg']),
      probe: fakeProbe({ '/usr/bin/ffmpeg': REAL, '/bundled/ffmpeg': BUNDLED }),
    });
    expect(found).toMatchObject({ path: '/usr/bin/ffmpeg', origin: 'path', version: { major: 5 } });
    expect(log.entries.filter((e) => e.level === 'warn' || e.level === 'error')).toEqual([]);
  });

  it('refuses a configured program that does not answer as ffmpeg, logs an error and falls back to FFMPEG_PATH', async () => {
    const log = recordingLogger();
    const found = await selectFfmpeg({
      log, configuredPath: '/usr/bin/python3', env: { PATH: '/usr/bin', FFMPEG_PATH: '/env/ffmpeg' }, bundledPath: () => null,
      isExecutable: exists(['/usr/bin/python3', '/env/ffmpeg', '/usr/bin/ffmpeg']),
      probe: fakeProbe({ '/usr/bin/python3': 'Python 3.11.2', '/env/ffmpeg': REAL, '/usr/bin/ffmpeg': REAL }),
    });
    expect(found).toMatchObject({ path: '/env/ffmpeg', origin: 'env' });
    expect(log.entries).toContainEqual(expect.objectContaining({
      level: 'error', context: expect.objectContaining({ ffmpeg: '/usr/bin/python3', origin: 'config' }) as object,
    }));
  });

  it('refuses a configured bare name (only absolute paths) and a program that fails to run', async () => {
    const log = recordingLogger();
    const found = await selectFfmpeg({
      log, configuredPath: 'ffmpeg', env: { PATH: '/usr/bin', FFMPEG_PATH: '/env/broken' }, bundledPath: () => null,
      isExecutable: exists(['/usr/bin/ffmpeg', '/env/broken']), probe: fakeProbe({ '/usr/bin/ffmpeg': REAL }),
    });
    expect(found).toMatchObject({ path: '/usr/bin/ffmpeg', origin: 'path' });
    expect(log.entries.filter((e) => e.level === 'error').map((e) => e.context)).toEqual([
      expect.objectContaining({ origin: 'config', reason: 'not an absolute path' }),
      expect.objectContaining({ ffmpeg: '/env/broken', origin: 'env' }),
    ]);
  });

  it('throws FFMPEG_UNAVAILABLE when nothing answers as ffmpeg', async () => {
    await expect(selectFfmpeg({
      log: recordingLogger(), env: { PATH: '/usr/bin' }, bundledPath: () => null,
      isExecutable: exists(['/usr/bin/ffmpeg']), probe: fakeProbe({ '/usr/bin/ffmpeg': 'BusyBox v1.36' }),
    })).rejects.toMatchObject({ code: 'FFMPEG_UNAVAILABLE' });
  });

  describe('with a real program in a temp dir', () => {
    let dir = '';
    afterEach(async () => { if (dir) await rm(dir, { recursive: true, force: true }); });

    it('runs a non-ffmpeg videoProcessor only with -version, then uses the real ffmpeg on PATH', async () => {
      dir = await mkdtemp(join(tmpdir(), 'homecam-videoprocessor-'));
      const script = join(dir, 'not-ffmpeg.sh');
      const marker = join(dir, 'arguments');
      // Records its arguments, so the test sees what the check ran it with, and answers like some other tool.
      await writeFile(script, `#!/bin/sh\nprintf '%s\\n' "$@" > '${marker}'\necho 'definitely not a video tool'\n`);
      await chmod(script, 0o755);
      const log = recordingLogger();
      const found = await selectFfmpeg({ log, configuredPath: script, env: { PATH: process.env.PATH }, bundledPath: () => null });
      expect(found.origin).toBe('path');
      expect(found.version.banner).toMatch(/^ffmpeg version /);
      expect((await readFile(marker, 'utf8')).split('\n').filter(Boolean)).toEqual(['-hide_banner', '-version']);
      expect(log.entries).toContainEqual(expect.objectContaining({
        level: 'error', context: expect.objectContaining({ ffmpeg: script, origin: 'config', banner: 'definitely not a video tool' }) as object,
      }));
    });

    it('refuses a configured directory or a non-executable file without running it', async () => {
      dir = await mkdtemp(join(tmpdir(), 'homecam-videoprocessor-'));
      const plain = join(dir, 'ffmpeg');
      await writeFile(plain, '#!/bin/sh\necho ffmpeg version 9\n');
      for (const configuredPath of [dir, plain]) {
        const log = recordingLogger();
        const found = await selectFfmpeg({ log, configuredPath, env: { PATH: process.env.PATH }, bundledPath: () => null });
        expect(found.origin).toBe('path');
        expect(log.entries).toContainEqual(expect.objectContaining({
          level: 'error', context: expect.objectContaining({ origin: 'config', reason: 'not found or not executable' }) as object,
        }));
      }
    });
  });
});
