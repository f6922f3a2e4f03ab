/**
 * Phase 3 of `npm run bench:events`: motion detection CPU in the built server on the 640x360 sub stream. Video
 * analysis is switched on through the API for 1 camera, then for all; each window starts once the server runs a
 * decoder ffmpeg and a sub stream remux ffmpeg per analysed camera. Cost = server tree minus the same cameras
 * streaming with video analysis off (the windows before and after), per camera.
 */
import type { NotificationPayload } from '@homecam/shared';
import type { CameraSimulator, SimulatedCamera } from '@homecam/tools';
import { describeServer, ffmpegRole, measureServer, roundCpu, sumOf, type ServerCpu } from './events-cpu.js';
import { descendants } from './proc.js';
import { pct, type Row } from './report.js';
import { log, sleep } from './run.js';
import type { Api, BenchServer } from './server.js';
import { round } from './stats.js';

/** A camera with video analysis on gets its decoder and sub stream within this. */
const ANALYSIS_START_TIMEOUT_MS = 20_000;

export interface MotionRig {
  api: Api;
  server: BenchServer;
  sim: CameraSimulator;
  notifications: readonly { payload: NotificationPayload }[];
  windowSeconds: number;
  settleSeconds: number;
}

export interface MotionWindow {
  cameras: number;
  cpu: ServerCpu;
  motionNotifications: number;
}

async function setAnalysis(api: Api, cameras: readonly SimulatedCamera[], active: boolean): Promise<void> {
  for (const c of cameras) await api.request('PATCH', `/api/cameras/${encodeURIComponent(c.name)}`, { videoanalysis: { active } });
}

/** Decoder and sub remux ffmpegs the server runs now. */
function analysisProcesses(rig: MotionRig): { decoders: number; sub: number } {
  const found = { decoders: 0, sub: 0 };
  for (const pid of descendants(rig.server.pid)) {
    const role = ffmpegRole(pid, rig.sim.cameras);
    if (role?.role === 'decoder') found.decoders += 1;
    else if (role?.role === 'sub') found.sub += 1;
  }
  return found;
}

/** Waits until exactly `n` cameras are analysed (0: every decoder and analysis sub stream gone). */
export async function waitForAnalysis(rig: MotionRig, n: number): Promise<void> {
  const deadline = Date.now() + ANALYSIS_START_TIMEOUT_MS;
  let found = analysisProcesses(rig);
  while (found.decoders !== n || found.sub !== n) {
    if (Date.now() > deadline) throw new Error(`expected ${n} decoder(s) and sub stream(s), found ${JSON.stringify(found)} after ${ANALYSIS_START_TIMEOUT_MS} ms`);
    await sleep(100);
    found = analysisProcesses(rig);
  }
}

/** Analysis on for 1 camera, then for all, one CPU window each; then off again. Answers the windows and the settings used. */
export async function measureMotionWindows(rig: MotionRig): Promise<{ windows: MotionWindow[]; settings: unknown }> {
  const { api, sim, server } = rig;
  const motionNotifications = (): number => rig.notifications.filter((n) => n.payload.trigger === 'motion').length;
  const windows: MotionWindow[] = [];
  for (const n of [1, sim.cameras.length]) {
    await setAnalysis(api, sim.cameras.slice(windows.at(-1)?.cameras ?? 0, n), true);
    await waitForAnalysis(rig, n);
    await sleep(rig.settleSeconds * 1000);
    const events0 = motionNotifications();
    log(`motion: ${n} camera(s) with video analysis on (640x360 sub stream): ${rig.windowSeconds} s`);
    const cpu = await measureServer(server, sim, rig.windowSeconds);
    windows.push({ cameras: n, cpu, motionNotifications: motionNotifications() - events0 });
    log(`  ${describeServer(cpu)}; ${motionNotifications() - events0} motion notification(s)`);
  }
  const settings = (await api.request<{ videoanalysis: unknown }>('GET', `/api/cameras/${encodeURIComponent(sim.cameras[0]!.name)}`)).videoanalysis;
  await setAnalysis(api, sim.cameras, false);
  await waitForAnalysis(rig, 0);
  return { windows, settings };
}

const ffmpegSum = (c: ServerCpu): number => Object.values(c.ffmpeg).reduce((a, b) => a + b, 0);
const rounded = (o: Record<string, number>): Record<string, number> => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, round(v, 3)]));

/** Per camera cost of each window against the mean of the analysis-off windows right before and after. */
export function motionCost(windows: readonly MotionWindow[], offBefore: ServerCpu, offAfter: ServerCpu) {
  const baseline = {
    total: (offBefore.total + offAfter.total) / 2,
    server: (offBefore.server + offAfter.server) / 2,
    ffmpeg: (ffmpegSum(offBefore) + ffmpegSum(offAfter)) / 2,
    other: (offBefore.other + offAfter.other) / 2,
  };
  const perWindow = windows.map((w) => {
    const n = w.cameras;
    const perCamera = {
      total: (w.cpu.total - baseline.total) / n,
      decoder: w.cpu.decoder / n,
      sub: sumOf(w.cpu.sub) / n,
      server: (w.cpu.server - baseline.server) / n,
      /** main remux and other children against the baseline: noise, should be ~0 */
      rest: (ffmpegSum(w.cpu) - baseline.ffmpeg + w.cpu.other - baseline.other) / n,
    };
    return { ...w, perCamera };
  });
  return { baseline, windows: perWindow };
}

export type MotionCost = ReturnType<typeof motionCost>;

export function motionRows(cost: MotionCost, targetPerCamera: number): Row[] {
  return cost.windows.map((w) => {
    const p = w.perCamera;
    return {
      metric:
        `motion, ${w.cameras === 1 ? '1 camera' : `${w.cameras} cameras, per camera`} (640x360 sub, in the server): Δ server + ffmpeg${w.cameras === 1 ? '' : ` ÷ ${w.cameras}`} ` +
        `= decoder + sub remux + Δ Node + Δ rest (server + ffmpeg ${pct(w.cpu.total)})`,
      measured: `${pct(p.total)} = ${pct(p.decoder)} + ${pct(p.sub)} + ${pct(p.server)} + ${pct(p.rest)}`,
      target: `≤ ${targetPerCamera} %`,
      pass: p.total <= targetPerCamera && w.cpu.decoders === w.cameras && p.decoder > 0,
    };
  });
}

/** The JSON's motion block. */
export function motionResults(cost: MotionCost, settings: unknown, offBefore: ServerCpu, offAfter: ServerCpu) {
  return {
    settings,
    analysisOffBefore: roundCpu(offBefore),
    analysisOffAfter: roundCpu(offAfter),
    baseline: rounded(cost.baseline),
    windows: cost.windows.map((w) => ({
      cameras: w.cameras,
      cpu: roundCpu(w.cpu),
      motionNotifications: w.motionNotifications,
      perCamera: rounded(w.perCamera),
    })),
  };
}
