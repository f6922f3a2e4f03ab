import { execFile } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { waitFor } from '@homecam/tools';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { liveChildCount } from './ffmpeg/children.js';
import { isJpeg } from './snapshot.js';
import { StreamHub } from './stream-hub.js';
import { collect, memoryLogger, probeBytes } from './test-support/hub-helpers.js';

const run = promisify(execFile);
let dir: string;
let hevcFile: string;
let hevcUrl: string;
let camera: Server;
let hub: StreamHub | null = null;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'homecam-media-'));
  hevcFile = join(dir, 'hevc-alaw.mkv');
  // A camera that sends H.265 + G.711 (A-law): neither plays in MSE, and A-law cannot even go into MP4.
  await run('ffmpeg', [
    '-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=10',
    '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=8000', '-t', '6',
    '-c:v', 'libx265', '-preset', 'ultrafast', '-x265-params', 'log-level=error:keyint=10', '-c:a', 'pcm_alaw', hevcFile,
  ]);
  // Sources are camera URLs only (no file paths): the clip is served over HTTP, from the start on every request.
  camera = createServer((_request, response) => createReadStream(hevcFile).pipe(response));
  await new Promise<void>((resolve) => camera.listen(0, '127.0.0.1', resolve));
  hevcUrl = `http://127.0.0.1:${(camera.address() as AddressInfo).port}/hevc-alaw.mkv`;
});

afterEach(async () => {
  await hub?.close();
  hub = null;
  expect(liveChildCount()).toBe(0);
});

afterAll(async () => {
  camera.closeAllConnections();
  await new Promise<void>((resolve) => camera.close(() => resolve()));
  await rm(dir, { recursive: true, force: true });
});

describe('StreamHub codec handling (real ffmpeg)', () => {
  it('streams a demo: source (test pattern, clock, tone) encoded to H.264 + AAC', async () => {
    hub = new StreamHub({ ffmpegPath: 'ffmpeg', idleTimeoutMs: 200 });
    await hub.upsertCamera({ name: 'demo', main: { source: 'demo:Demo?size=320x240&fps=10' } });
    const reader = collect(hub.attach('demo', 'main', { kind: 'viewer' }));
    await waitFor(() => reader.fragments().length >= 3, { timeoutMs: 15_000, message: 'demo fragments' });
    const init = reader.items[0]?.item;
    expect(init?.type === 'init' && init.codecs).toMatch(/^avc1\.42C0[0-9A-F]{2}, mp4a\.40\.2$/);
    expect(hub.status('demo', 'main')).toMatchObject({ state: 'streaming', transcoding: true });
    const snap = await hub.snapshot('demo');
    expect(isJpeg(snap!.jpeg)).toBe(true);
    expect(await probeBytes(snap!.jpeg)).toBe('mjpeg,320,240');
  });

  it('transcodes a camera that sends H.265 + A-law into H.264 + AAC for MSE', async () => {
    const logger = memoryLogger();
    hub = new StreamHub({ ffmpegPath: 'ffmpeg', idleTimeoutMs: 200, logger, process: { backoff: { initialMs: 100 } } });
    await hub.upsertCamera({ name: 'h265', main: { source: `-re -i ${hevcUrl}` } });
    const reader = collect(hub.attach('h265', 'main', { kind: 'viewer' }));
    await waitFor(() => reader.fragments().length >= 3, { timeoutMs: 20_000, message: 'transcoded fragments' });

    const inits = reader.items.filter((r) => r.item.type === 'init');
    expect(inits).toHaveLength(1); // the H.265 init segment never reached the viewer
    const init = inits[0]!.item;
    expect(init.type === 'init' && init.codecs).toMatch(/^avc1\.[0-9A-F]{6}, mp4a\.40\.2$/);
    expect(reader.fragments()[0]?.item.type === 'fragment' && reader.fragments()[0]?.item).toMatchObject({ keyframe: true });
    expect(hub.status('h265', 'main')).toMatchObject({ state: 'streaming', transcoding: true });
    const log = logger.lines.join('\n');
    expect(log).toMatch(/cannot be copied into MP4.*"audio":"aac"/); // A-law: ffmpeg refused, retried with AAC
    expect(log).toMatch(/transcoding the camera codec.*hev1/); // then the init segment showed H.265
  });
});
