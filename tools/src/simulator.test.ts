import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareSimulatorClip } from './clip.js';
import { startCameraSimulator, type CameraSimulator } from './simulator.js';
import { rtspOptions } from './rtsp-probe.js';
import { waitFor } from './wait.js';

const run = promisify(execFile);

async function probe(url: string): Promise<string> {
  const { stdout } = await run('ffprobe', [
    '-v', 'error', '-rtsp_transport', 'tcp', '-show_entries', 'stream=codec_name,profile,width,height',
    '-of', 'compact=p=0:nk=1', url,
  ]);
  return stdout.trim();
}

/** A client reading a camera's packets as they come: per stream the highest timestamp and every rewind. */
function readPackets(url: string): { highest: () => number; rewinds: string[]; stop: () => void } {
  const child = spawn('ffprobe', ['-v', 'error', '-rtsp_transport', 'tcp', '-show_entries', 'packet=stream_index,pts_time', '-of', 'csv=p=0', url], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const last = new Map<string, number>();
  const rewinds: string[] = [];
  let rest = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) {
      const [stream = '', text = ''] = line.split(',');
      const pts = Number.parseFloat(text);
      if (!Number.isFinite(pts)) continue; // the very first packet has no timestamp (N/A)
      const before = last.get(stream);
      if (before !== undefined && pts < before - 0.1) rewinds.push(`stream ${stream}: ${before} -> ${pts}`);
      last.set(stream, pts);
    }
  });
  return { highest: () => Math.min(...[0, 1].map((s) => last.get(String(s)) ?? 0)), rewinds, stop: () => child.kill('SIGKILL') };
}

/** Mean luminance (0–255) of the centre quarter of the first decoded frame of `url`. */
async function centreLuma(url: string): Promise<number> {
  const { stdout } = await run(
    'ffmpeg',
    ['-v', 'error', '-rtsp_transport', 'tcp', '-i', url, '-frames:v', '1', '-vf', 'crop=iw/2:ih/2,scale=1:1', '-f', 'rawvideo', '-pix_fmt', 'gray', '-'],
    { encoding: 'buffer', timeout: 15_000 },
  );
  return stdout[0] ?? Number.NaN;
}

describe('camera simulator', () => {
  let sim: CameraSimulator;

  beforeAll(async () => {
    sim = await startCameraSimulator({ cameras: 1, credentials: { user: 'admin', password: 'p@ss:word' } });
  });
  afterAll(async () => {
    await sim?.close();
  });

  it('serves H.264 baseline + AAC on /main (1280x720) and /sub (640x360) behind basic auth', async () => {
    const [camera] = sim.cameras;
    expect(camera?.mainUrl).toMatch(/^rtsp:\/\/admin:p%40ss%3Aword@127\.0\.0\.1:\d+\/main$/);
    expect(await probe(camera!.mainUrl)).toBe('h264|Constrained Baseline|1280|720\naac|LC');
    expect(await probe(camera!.subUrl)).toBe('h264|Constrained Baseline|640|360\naac|LC');
    await expect(probe(camera!.mainUrl.replace('admin:p%40ss%3Aword@', ''))).rejects.toThrow(/401/);
    expect(camera!.playCount).toBe(2);
  });

  it('keeps the stream of a client going unchanged while a second client joins and is killed, like a real camera', async () => {
    // GStreamer used to seek the shared pipeline back to 0 on the second client's PLAY (Range: npt=0-): the first
    // client's timestamps rewound and, through ffmpeg's reorder queue and interleaving, its output froze for 10 s.
    const camera = sim.cameras[0]!;
    const first = readPackets(camera.mainUrl);
    try {
      await waitFor(() => first.highest() > 2, { timeoutMs: 15_000, message: 'first client 2 s into the stream' });
      const plays = camera.playCount;
      const second = readPackets(camera.mainUrl);
      await waitFor(() => camera.playCount > plays && second.highest() > 0.5, { timeoutMs: 15_000, message: 'second client playing' });
      const joined = first.highest();
      await waitFor(() => first.highest() > joined + 2, { timeoutMs: 15_000, message: 'first client 2 s further' });
      second.stop();
      const killed = first.highest();
      await waitFor(() => first.highest() > killed + 2, { timeoutMs: 15_000, message: 'first client 2 s after the kill' });
      expect(first.rewinds).toEqual([]);
    } finally {
      first.stop();
    }
  });

  it('stops and restarts on the same port', async () => {
    const camera = sim.cameras[0]!;
    const port = camera.port;
    await camera.stop();
    expect(camera.running).toBe(false);
    expect(await rtspOptions(camera.host, port)).toBe(false);
    await camera.start();
    expect(camera.port).toBe(port);
    expect(await rtspOptions(camera.host, port)).toBe(true);
    await waitFor(() => camera.activeSessions === 0, { message: 'no sessions after restart' });
  });

  it('switches motion at run time (SIGUSR1) when started with motion', async () => {
    const still = await startCameraSimulator({ cameras: 1, motion: true, audio: false, mainSize: '320x240', subSize: '160x120' });
    try {
      const camera = still.cameras[0]!;
      await camera.setMotion(true);
      await camera.setMotion(false);
      expect(await probe(camera.subUrl)).toBe('h264|Constrained Baseline|160|120');
    } finally {
      await still.close();
    }
  });
});

describe('camera simulator flash (glass-to-glass latency)', () => {
  it('switches the picture black ↔ white (SIGUSR2) and reports when the switched frame left the source and the encoder', async () => {
    const flashing = await startCameraSimulator({ cameras: 1, flash: true, audio: false, mainSize: '320x240', subSize: '160x120' });
    const camera = flashing.cameras[0]!;
    const reader = spawn('ffmpeg', ['-v', 'error', '-rtsp_transport', 'tcp', '-i', camera.mainUrl, '-f', 'null', '-'], { stdio: 'ignore' });
    try {
      // nothing plays yet: the switch happens (to white) but cannot be timed
      await expect(camera.flash()).rejects.toThrow(/not playing/);
      await waitFor(() => camera.activeSessions > 0, { timeoutMs: 15_000, message: 'a client playing /main' });
      await waitFor(async () => (await centreLuma(camera.mainUrl)) > 200, { timeoutMs: 20_000, message: 'a white picture' });
      for (const white of [false, true]) {
        const asked = Date.now();
        const timing = await camera.flash();
        expect(timing.white).toBe(white);
        // the switched frame left the source after the signal and before the answer; the encoder then took < 1 s
        expect(timing.at).toBeGreaterThanOrEqual(asked - 2);
        expect(timing.at).toBeLessThanOrEqual(Date.now());
        expect(timing.encodedAt).toBeGreaterThanOrEqual(timing.at);
        expect(timing.encodedAt - timing.at).toBeLessThan(1_000);
        const picture = (luma: number): boolean => (white ? luma > 200 : luma < 50);
        await waitFor(async () => picture(await centreLuma(camera.mainUrl)), { timeoutMs: 20_000, message: `a ${white ? 'white' : 'black'} picture` });
      }
    } finally {
      reader.kill('SIGKILL');
      await flashing.close();
    }
  });

  it('refuses flash with a clip', async () => {
    await expect(startCameraSimulator({ clip: { main: '/nonexistent.mkv' }, flash: true })).rejects.toThrow(/flash/);
  });
});

describe('camera simulator in clip mode', () => {
  it('loops a pre-encoded clip in real time with continuous timestamps', async () => {
    const main = await prepareSimulatorClip({ size: '320x240', seconds: 2, bitrateKbps: 300 });
    const clipped = await startCameraSimulator({ cameras: 1, clip: { main } });
    try {
      const camera = clipped.cameras[0]!;
      expect(camera.pid).toBeGreaterThan(0);
      expect(await probe(camera.mainUrl)).toBe('h264|Constrained Baseline|320|240\naac|LC');
      // 5 s through a 2 s clip: two loop boundaries, the video timestamps keep rising at 25 fps.
      const { stdout } = await run(
        'ffprobe',
        ['-v', 'error', '-rtsp_transport', 'tcp', '-read_intervals', '%+5', '-select_streams', 'v', '-show_entries', 'packet=pts_time', '-of', 'csv=p=0', camera.mainUrl],
        { timeout: 15_000 },
      );
      // (ffmpeg leaves the very first RTP packet's timestamp unset: N/A; side data adds empty lines)
      const times = stdout.split('\n').map((line) => Number.parseFloat(line)).filter((t) => Number.isFinite(t));
      expect(times.length).toBeGreaterThanOrEqual(110);
      const steps = times.slice(1).map((t, i) => t - times[i]!);
      expect(Math.min(...steps)).toBeGreaterThan(0.03);
      expect(Math.max(...steps)).toBeLessThan(0.05);
    } finally {
      await clipped.close();
    }
  });

  it('refuses motion with a clip', async () => {
    await expect(startCameraSimulator({ clip: { main: '/nonexistent.mkv' }, motion: true })).rejects.toThrow(/motion/);
  });
});
