import { waitFor } from '@homecam/tools';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../lib/fake-clock.js';
import { ffmpegProcesses } from '../test-support/hub-helpers.js';
import { lastLine, runOnce } from './run-once.js';

/** The real ffmpeg on generated pictures (lavfi): no camera, no network. */
const generated = (size: string, rate = 25) => ['-hide_banner', '-nostdin', '-f', 'lavfi', '-i', `testsrc=size=${size}:rate=${rate}`];

describe('runOnce: one short ffmpeg run', () => {
  it('returns stdout, the exit code and no stop reason for a run that ends by itself', async () => {
    const result = await runOnce({ command: 'ffmpeg', args: [...generated('64x48'), '-frames:v', '1', '-f', 'image2', '-c:v', 'mjpeg', 'pipe:1'], timeoutMs: 20_000, maxBytes: 1 << 20 });
    expect(result).toMatchObject({ code: 0, stopped: null, startError: null });
    expect(result.stdout.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
  });

  it('SIGKILLs the child at the time-out (on the given clock) and says so', async () => {
    const marker = `run-once-${randomUUID()}`;
    const clock = new FakeClock();
    // Real time pictures at 2 fps into nothing: runs until killed, at next to no CPU.
    const running = runOnce({ command: 'ffmpeg', args: ['-re', ...generated('32x32', 2), '-metadata', `comment=${marker}`, '-f', 'null', '-'], timeoutMs: 5_000, maxBytes: 1024, clock });
    await waitFor(() => ffmpegProcesses(marker).length === 1, { message: 'ffmpeg running' });
    clock.advance(4_999);
    expect(ffmpegProcesses(marker)).toHaveLength(1);
    clock.advance(1);
    const result = await running;
    expect(result).toMatchObject({ stopped: 'timeout', code: null, startError: null });
    expect(ffmpegProcesses(marker)).toEqual([]);
    expect(clock.pendingTimers).toBe(0);
  });

  it('stops at maxBytes of stdout: the child is killed, what is kept stays within the cap', async () => {
    // 50 raw 320×240 RGB frames would be 11.5 MB.
    const args = [...generated('320x240'), '-frames:v', '50', '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'];
    const result = await runOnce({ command: 'ffmpeg', args, timeoutMs: 20_000, maxBytes: 100_000 });
    expect(result.stopped).toBe('too-large');
    expect(result.code).toBeNull();
    expect(result.stdout.length).toBeLessThanOrEqual(100_000);
  });

  it('keeps only the end of a chatty stderr, from a whole line on', async () => {
    const args = ['-v', 'debug', ...generated('32x32'), '-frames:v', '25', '-f', 'null', '-'];
    const result = await runOnce({ command: 'ffmpeg', args, timeoutMs: 20_000, maxBytes: 1024, stderrLimit: 400 });
    expect(result.code).toBe(0);
    expect(result.stderrTail.length).toBeGreaterThan(0);
    expect(result.stderrTail.length).toBeLessThanOrEqual(400);
    // ffmpeg's last debug lines (the exit summary), not its first ones (the banner, the configuration).
    expect(result.stderrTail).not.toMatch(/configuration:/);
    expect(lastLine(result.stderrTail)).not.toBe('');
  });

  it('survives EPIPE: a child that exits without reading its stdin does not fail the run', async () => {
    // -nostdin and a generated input: ffmpeg never reads the 16 MiB we write, and exits after one frame.
    const args = [...generated('64x48'), '-frames:v', '1', '-f', 'image2', '-c:v', 'mjpeg', 'pipe:1'];
    const result = await runOnce({ command: 'ffmpeg', args, stdin: Buffer.alloc(16 * 1024 * 1024, 7), timeoutMs: 20_000, maxBytes: 1 << 20 });
    expect(result).toMatchObject({ code: 0, stopped: null, startError: null });
    expect(result.stdout.length).toBeGreaterThan(100);
  });

  it('reports a program that cannot be started as startError, without throwing', async () => {
    const result = await runOnce({ command: '/nonexistent/ffmpeg', args: ['-version'], stdin: Buffer.from('x'), timeoutMs: 5_000, maxBytes: 1024 });
    expect(result.startError).toMatchObject({ code: 'ENOENT' });
    expect(result.stdout.length).toBe(0);
  });
});
