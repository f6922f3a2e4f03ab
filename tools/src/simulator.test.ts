import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
