/**
 * bench:live phases 1 and 2: one camera with prebuffering and no viewer, then 1, 4, 16 WebSocket viewers of it;
 * server + ffmpeg CPU per step, the slowest viewer's bit rate, and the floor (the server's own ffmpeg command,
 * bare) measured beside the one-viewer window.
 */
import type { CameraSimulator, SimulatedCamera } from '@homecam/tools';
import { startFloorOf } from './floor.js';
import { describe, measure, type Breakdown } from './live-cpu.js';
import { bytesOf, openViewers } from './live-util.js';
import { readRss } from './proc.js';
import { log, own, sleep } from './run.js';
import type { BenchServer } from './server.js';
import { slope } from './stats.js';
import type { LiveViewer } from './viewer.js';

export interface ViewerStep {
  viewers: number;
  cpu: Breakdown;
  kbitPerViewer: number | null;
  serverRss: number | null;
}

export interface ViewerStepsOptions {
  server: BenchServer;
  sim: CameraSimulator;
  camera: SimulatedCamera;
  token: string;
  steps: readonly number[];
  seconds: { noViewer: number; oneViewer: number; viewers: number };
  notes: string[];
}

export interface ViewerStepsResult {
  noViewer: Breakdown;
  steps: ViewerStep[];
  floorCommand: string | null;
  serverRss16Viewers: number | null;
  /** least-squares slope of CPU over the viewer count, and (last − first step) ÷ (viewers added) */
  perViewerSlope: number;
  perViewerSpread: number;
}

export async function viewerStepsPhase(o: ViewerStepsOptions): Promise<ViewerStepsResult> {
  const { server, sim, camera } = o;
  log(`1 camera, 0 viewers (prebuffering): ${o.seconds.noViewer} s`);
  const steps: ViewerStep[] = [];
  const noViewer = await measure(server, sim, o.seconds.noViewer, [camera]);
  steps.push({ viewers: 0, cpu: noViewer, kbitPerViewer: null, serverRss: noViewer.serverRss });
  log(`  ${describe(noViewer)}`);

  const viewers: LiveViewer[] = [];
  own('viewers', async () => void (await Promise.all(viewers.map((v) => v.close()))));
  let floorCommand: string | null = null;
  for (const n of o.steps) {
    await openViewers(n - viewers.length, server, camera.name, o.token, viewers);
    // one viewer: the floor (the server's own ffmpeg command, bare) runs beside it, measured in the same window
    const floor = n === 1 ? startFloorOf(server, camera.port) : null;
    await sleep(floor ? 5_000 : 2_000);
    const before = bytesOf(viewers);
    const seconds = n === 1 ? o.seconds.oneViewer : o.seconds.viewers;
    log(`1 camera, ${n} viewer(s)${floor ? ', floor beside it' : ''}: ${seconds} s`);
    const cpu = await measure(server, sim, seconds, [camera], floor?.pid);
    await floor?.stop();
    floorCommand ??= floor?.command ?? null;
    const after = bytesOf(viewers);
    const kbit = after.map((b, i) => ((b - before[i]!) * 8) / 1000 / cpu.seconds);
    const failed = viewers.filter((v) => v.error);
    if (failed.length) o.notes.push(`${failed.length} of ${n} viewers failed: ${failed[0]!.error}`);
    steps.push({ viewers: n, cpu, kbitPerViewer: Math.min(...kbit), serverRss: cpu.serverRss });
    log(`  ${describe(cpu)}; slowest viewer got ${Math.min(...kbit).toFixed(0)} kbit/s`);
  }
  const serverRss16Viewers = readRss(server.pid);
  await Promise.all(viewers.splice(0).map((v) => v.close()));

  const perViewerSlope = slope(steps.map((s) => ({ x: s.viewers, y: s.cpu.total })));
  const perViewerSpread = (steps[steps.length - 1]!.cpu.total - steps[1]!.cpu.total) / (o.steps[o.steps.length - 1]! - o.steps[0]!);
  return { noViewer, steps, floorCommand, serverRss16Viewers, perViewerSlope, perViewerSpread };
}
