import { describe, expect, it } from 'vitest';
import { Backoff } from './backoff.js';
import { describeExit } from './exit-reason.js';
import { locateFfmpeg, parseFfmpegVersion, probeFfmpegVersion } from './locate.js';
import { redactArgs, redactText, redactUrl, redactorFor, secretsOf } from './redact.js';
import type { ProcessExit } from './supervised-process.js';

describe('redaction', () => {
  it('masks user info, also with unencoded @ and / in the password', () => {
    expect(redactUrl('rtsp://admin:secret@10.0.0.2:554/live')).toBe('rtsp://***:***@10.0.0.2:554/live');
    expect(redactUrl('rtsp://admin:p@ss/w@rd@cam/live/ch1')).toBe('rtsp://***:***@cam/live/ch1');
    expect(redactUrl('rtsp://tokenonly@cam/live')).toBe('rtsp://***@cam/live');
    expect(redactUrl('rtsp://cam/live')).toBe('rtsp://cam/live');
    expect(redactUrl('no url')).toBe('no url');
  });

  it('masks credential query parameters', () => {
    expect(redactUrl('rtsp://cam/live?channel=1&user=admin&password=x1&token=abc')).toBe(
      'rtsp://cam/live?channel=1&user=***&password=***&token=***',
    );
    expect(redactUrl('http://cam/cgi-bin/snap.cgi?usr=a;pwd=b')).toBe('http://cam/cgi-bin/snap.cgi?usr=***;pwd=***');
  });

  it('masks URLs inside free text and literal secrets wherever they appear', () => {
    const source = 'rtsp://admin:S3cr%40t!@cam/live';
    expect(secretsOf(source)).toEqual(['S3cr%40t!', 'S3cr@t!']);
    const stderr = `[rtsp @ 0x1] method DESCRIBE failed\n${source}: Connection refused\nbad password S3cr@t! echoed`;
    const out = redactorFor(source)(stderr);
    expect(out).toBe('[rtsp @ 0x1] method DESCRIBE failed\nrtsp://***:***@cam/live: Connection refused\nbad password *** echoed');
    expect(redactText('a b', ['ab'])).toBe('a b'); // too short to mask literally
  });

  it('redacts argument lists', () => {
    const args = ['-rtsp_transport', 'tcp', '-i', 'rtsp://u:hunter2@cam/x', '-headers', 'X-Pass: hunter2'];
    expect(redactArgs(args)).toEqual(['-rtsp_transport', 'tcp', '-i', 'rtsp://***:***@cam/x', '-headers', 'X-Pass: ***']);
  });
});

describe('locateFfmpeg', () => {
  const exists = (paths: string[]) => (p: string) => paths.includes(p);
  const env = { PATH: '/usr/local/bin:/usr/bin' };

  it('resolves configured path → FFMPEG_PATH → PATH → bundled', () => {
    const all = ['/opt/ff/ffmpeg', '/env/ffmpeg', '/usr/bin/ffmpeg', '/bundled/ffmpeg'];
    const bundledPath = () => '/bundled/ffmpeg';
    const base = { bundledPath, env: { ...env, FFMPEG_PATH: '/env/ffmpeg' } };
    expect(locateFfmpeg({ ...base, configuredPath: '/opt/ff/ffmpeg', isExecutable: exists(all) })).toMatchObject({ path: '/opt/ff/ffmpeg', origin: 'config' });
    expect(locateFfmpeg({ ...base, isExecutable: exists(all) })).toMatchObject({ path: '/env/ffmpeg', origin: 'env' });
    expect(locateFfmpeg({ bundledPath, env, isExecutable: exists(all) })).toMatchObject({ path: '/usr/bin/ffmpeg', origin: 'path' });
    expect(locateFfmpeg({ bundledPath, env, isExecutable: exists(['/bundled/ffmpeg']) })).toMatchObject({ path: '/bundled/ffmpeg', origin: 'bundled' });
  });

  it('reports unusable candidates it skipped, and looks bare names up on PATH', () => {
    const found = locateFfmpeg({
      configuredPath: '/missing/ffmpeg', env: { ...env, FFMPEG_PATH: 'ffmpeg5' }, bundledPath: () => null,
      isExecutable: exists(['/usr/local/bin/ffmpeg5', '/usr/bin/ffmpeg']),
    });
    expect(found).toEqual({
      path: '/usr/local/bin/ffmpeg5', origin: 'env',
      skipped: [{ origin: 'config', path: '/missing/ffmpeg', reason: 'not found or not executable' }],
    });
  });

  it('throws FFMPEG_UNAVAILABLE when nothing is usable', () => {
    expect(() => locateFfmpeg({ env, bundledPath: () => null, isExecutable: () => false })).toThrow(
      expect.objectContaining({ code: 'FFMPEG_UNAVAILABLE' }) as Error,
    );
  });

  it('finds the real binaries on this machine (PATH first, bundled as fallback)', () => {
    expect(locateFfmpeg({ env: { PATH: process.env.PATH } }).origin).toBe('path');
    const bundled = locateFfmpeg({ env: { PATH: '/nonexistent' } });
    expect(bundled.origin).toBe('bundled');
    expect(bundled.path).toMatch(/@ffmpeg-installer\/linux-x64\/ffmpeg$/);
  });

  it('reads the major version, also of git builds via libavformat', async () => {
    expect(parseFfmpegVersion('ffmpeg version 5.1.9-0+deb12u1 Copyright').major).toBe(5);
    expect(parseFfmpegVersion('ffmpeg version n7.0.2 Copyright').major).toBe(7);
    expect(parseFfmpegVersion('ffmpeg version N-47683-g0e8eb07980-static\nlibavformat    58. 24.100 / 58. 24.100').major).toBe(4);
    expect(parseFfmpegVersion('something else').major).toBeNull();
    expect((await probeFfmpegVersion(locateFfmpeg().path)).major).toBeGreaterThanOrEqual(4);
  });
});

describe('Backoff', () => {
  it('doubles from 1 s to a 60 s cap and resets after a healthy run', () => {
    const backoff = new Backoff();
    const delays = Array.from({ length: 9 }, () => backoff.next());
    expect(delays).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000]);
    expect(backoff.next({ runMs: 29_000, healthy: true })).toBe(60_000); // not long enough
    expect(backoff.next({ runMs: 45_000, healthy: false })).toBe(60_000); // long, but never produced output
    expect(backoff.next({ runMs: 45_000, healthy: true })).toBe(1_000);
    expect(backoff.next()).toBe(2_000);
  });
});

describe('describeExit', () => {
  const exit = (over: Partial<ProcessExit>): ProcessExit => ({
    reason: 'exited', code: 1, signal: null, stderr: '', runMs: 10, hadOutput: false, willRetry: true, ...over,
  });

  it('classifies ffmpeg errors into stable codes', () => {
    const cases: [Partial<ProcessExit>, string, boolean][] = [
      [{ stderr: 'rtsp://***:***@cam/x: Connection refused' }, 'CONNECTION_REFUSED', false],
      [{ stderr: 'method DESCRIBE failed: 401 Unauthorized' }, 'UNAUTHORIZED', true],
      [{ stderr: 'method DESCRIBE failed: 404 Stream Not Found' }, 'PATH_NOT_FOUND', true],
      [{ stderr: 'rtsp://cam/x: Connection timed out' }, 'TIMEOUT', false],
      [{ stderr: 'Could not find tag for codec pcm_alaw in stream #1' }, 'UNSUPPORTED_CODEC', true],
      [{ stderr: 'Unrecognized option \'foo\'.' }, 'INVALID_OPTIONS', true],
      [{ code: 0 }, 'STREAM_ENDED', false],
      [{ reason: 'stalled', code: null, signal: 'SIGTERM' }, 'STALLED', false],
      [{ reason: 'first-output-timeout' }, 'NO_OUTPUT', false],
      [{ reason: 'spawn-failed', error: 'spawn /x/ffmpeg ENOENT' }, 'FFMPEG_UNAVAILABLE', true],
      [{ stderr: 'something odd' }, 'FFMPEG_FAILED', false],
    ];
    for (const [input, code, config] of cases) {
      expect(describeExit(exit(input)), code).toMatchObject({ code, config });
    }
    expect(describeExit(exit({ stderr: 'line 1\nrtsp://***@cam/x: Connection refused\n' })).message).toBe('rtsp://***@cam/x: Connection refused');
  });
});
