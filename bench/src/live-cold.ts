/** bench:live cold starts: WebSocket open → first fragment on each idle camera, which then stays watched. */
import type { SimulatedCamera } from '@homecam/tools';
import { ms } from './report.js';
import { log } from './run.js';
import type { Api, BenchServer } from './server.js';
import { round, summarize } from './stats.js';
import type { CameraRecord } from './live-util.js';
import { LiveViewer, type ViewerTimes } from './viewer.js';

export interface ColdOptions {
  api: Api;
  server: BenchServer;
  cameras: readonly SimulatedCamera[];
  token: string;
  simLog: readonly string[];
  notes: string[];
  /** the viewers opened here are added to it and left open */
  watchers: LiveViewer[];
}

export async function coldPhase(o: ColdOptions): Promise<{ coldFirst: number[]; slowCold: string[]; json: Record<string, unknown> }> {
  log(`WebSocket open → first fragment, cold (camera idle, no prebuffering): cam2..cam${o.cameras.length + 1}, each then stays watched`);
  const cold: { camera: string; times: ViewerTimes | null; error: string | null }[] = [];
  for (const camera of o.cameras) {
    const status = await o.api.request<CameraRecord>('GET', `/api/cameras/${camera.name}/status`);
    if (status.state !== 'idle') o.notes.push(`cold run on ${camera.name} found it ${status.state}, not idle`);
    const viewer = new LiveViewer(o.server.url, camera.name, o.token);
    o.watchers.push(viewer);
    try {
      cold.push({ camera: camera.name, times: await viewer.firstFragment(20_000), error: null });
    } catch (error) {
      cold.push({ camera: camera.name, times: null, error: String(error) });
    }
  }
  const coldFirst = cold.map((c) => c.times?.firstFragmentMs ?? null).filter((v): v is number => v !== null);
  const slowCold = cold.filter((c) => c.error !== null || (c.times?.firstFragmentMs ?? 0) > 5_000).map((c) => c.camera);
  const coldDiagnostics = slowCold.length
    ? {
        cameras: slowCold,
        serverLog: o.server.output().split('\n').filter((line) => slowCold.some((name) => line.includes(`"${name}"`) || line.includes(`/${name}/`))).slice(-40),
        simulatorLog: o.simLog.filter((line) => slowCold.some((name) => line.includes(`[${name}]`))).slice(-40),
      }
    : null;
  log(`  p50 ${ms(summarize(coldFirst).p50)}, p95 ${ms(summarize(coldFirst).p95)}; ${cold.filter((c) => c.error).length} failed`);

  return {
    coldFirst,
    slowCold,
    json: {
      diagnostics: coldDiagnostics,
      runs: cold.map((c) => ({ camera: c.camera, error: c.error, ...(c.times ? { connectMs: round(c.times.connectMs, 1), initMs: c.times.initMs === null ? null : round(c.times.initMs, 1), firstFragmentMs: c.times.firstFragmentMs === null ? null : round(c.times.firstFragmentMs, 1) } : {}) })),
    },
  };
}
