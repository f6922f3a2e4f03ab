import { spawn, type ChildProcess } from 'node:child_process';
import { startCameraSimulator, waitFor, type CameraSimulator, type SimulatedCamera } from '@homecam/tools';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildStreamArgs, initialPlan } from '../lib/ffmpeg-args/output.js';
import { parseSource } from '../lib/ffmpeg-args/source.js';
import { StreamHub } from './stream-hub.js';
import { collect } from './test-support/hub-helpers.js';

/**
 * A second RTSP client on the same camera (another HomeCam, a second ffmpeg with our own arguments) must not
 * freeze our live stream. It did for ~10 s: the simulator rewound its shared pipeline on the new PLAY, our
 * reorder queue over TCP waited for the skipped packet and the muxer held video behind the held audio.
 */
let sim: CameraSimulator;
let camera: SimulatedCamera;
let hub: StreamHub | null = null;
let second: ChildProcess | null = null;

beforeAll(async () => {
  sim = await startCameraSimulator({ cameras: 1, names: ['gate'] });
  camera = sim.cameras[0]!;
});

afterEach(async () => {
  second?.kill('SIGKILL');
  second = null;
  await hub?.close();
  hub = null;
});

afterAll(async () => {
  await sim?.close();
});

/** A second ffmpeg with exactly the arguments HomeCam's upstream uses, counting the bytes it writes. */
function secondClient(url: string): { child: ChildProcess; bytes: () => number } {
  const source = parseSource(url);
  const child = spawn('ffmpeg', buildStreamArgs(source, initialPlan(source), { input: { ffmpegMajor: 5 } }), {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  let bytes = 0;
  child.stdout?.on('data', (chunk: Buffer) => (bytes += chunk.length));
  return { child, bytes: () => bytes };
}

/** The longest pause between two fragments arriving after `since` (ms). */
function longestGap(times: number[], since: number): number {
  const after = times.filter((t) => t >= since);
  return Math.max(0, ...after.slice(1).map((t, i) => t - after[i]!));
}

describe.each(['SIGKILL', 'SIGTERM'] as const)('a second client that joins and leaves with %s', (signal) => {
  it('does not stall the first consumer (fragments keep coming, no upstream restart)', async () => {
    hub = new StreamHub({ ffmpegPath: 'ffmpeg', ffmpegMajor: 5, idleTimeoutMs: 500, process: { stallTimeoutMs: 5_000 } });
    await hub.upsertCamera({ name: 'gate', main: { source: camera.mainUrl } });
    const reader = collect(hub.attach('gate', 'main', { kind: 'viewer' }));
    const arrivals = (): number[] => reader.fragments().map((r) => r.at);
    await waitFor(() => arrivals().length >= 10, { timeoutMs: 15_000, message: '10 fragments before the second client' });

    const start = Date.now();
    const plays = camera.playCount;
    const other = secondClient(camera.mainUrl);
    second = other.child;
    await waitFor(() => camera.playCount > plays && other.bytes() > 0, { timeoutMs: 15_000, message: 'second client streaming' });
    const joined = arrivals().length;
    await waitFor(() => arrivals().length >= joined + 15, { timeoutMs: 15_000, message: '15 fragments while both play' });
    other.child.kill(signal); // SIGTERM: ffmpeg sends TEARDOWN; SIGKILL: the connection just drops
    const left = arrivals().length;
    await waitFor(() => arrivals().length >= left + 15, { timeoutMs: 15_000, message: '15 fragments after it left' });

    // fragments come every ~200 ms; the old stall was ~10 s
    expect(longestGap(arrivals(), start)).toBeLessThan(1_500);
    expect(hub.stats('gate', 'main').upstreamStarts).toBe(1);
  });
});
