/** Motion detection CPU, measured in this process with the server's own MotionManager and a real StreamHub (bench:events). */
import { cameraSchema, type Camera } from '@homecam/shared';
import type { CameraSimulator } from '@homecam/tools';
import { createStreamHub, toHubCamera, type StreamHub } from '../../server/src/media/index.js';
import { createMotionManager, type MotionManager } from '../../server/src/motion/index.js';
import { measureWindow, type WindowResult } from './proc.js';
import { pct } from './report.js';
import { log, own, sleep } from './run.js';

export interface MotionWindow {
  cameras: number;
  seconds: number;
  /** decoder ffmpeg per camera */
  decoder: Record<string, number>;
  /** the sub stream's upstream remux ffmpeg per camera (started for the analysis) */
  upstream: Record<string, number>;
  /** this Node process, the whole window */
  node: number;
  /** this Node process above the idle baseline (hub + detectors + frame comparison) */
  nodeDelta: number;
  total: number;
  perCamera: number;
  analysedFps: number;
  motionEvents: number;
  decoderStarts: number;
  machineBusyPercent: number;
}

/** Motion CPU with 1 camera, then `cameraCount`, each window `windowSeconds` long. */
export async function measureMotion(
  sim: CameraSimulator,
  notes: string[],
  { cameraCount, windowSeconds }: { cameraCount: number; windowSeconds: number },
): Promise<{ baselineNode: number; windows: MotionWindow[]; ffmpeg: string } | { error: string }> {
  let hub: StreamHub | null = null;
  let manager: MotionManager | null = null;
  try {
    const created = await createStreamHub({});
    hub = created.hub;
    const h = hub;
    own('motion hub', () => h.close());
    manager = await createMotionManager({ hub, ffmpegPath: created.ffmpeg.path });
    const m = manager;
    own('motion manager', () => m.close());
    let events = 0;
    manager.on('motionStarted', () => (events += 1));

    const self = async (seconds: number): Promise<WindowResult> => measureWindow([process.pid], seconds);
    log(`motion: idle baseline of this process (the /proc polling), 5 s`);
    const base = await self(5);
    const baselineNode = base.processes.find((p) => p.pid === process.pid)?.cpuPercent ?? 0;

    const cameras: Camera[] = sim.cameras.map((c) =>
      cameraSchema.parse({
        name: c.name,
        videoConfig: { source: c.mainUrl, subSource: c.subUrl },
        // the schema's defaults, switched on
        videoanalysis: { active: true, forceCloseTimer: 3, dwellTimer: 60, sensitivity: 75, difference: 5, regions: [] },
      }),
    );
    const windows: MotionWindow[] = [];
    for (const n of [1, cameraCount]) {
      const active = cameras.slice(0, n);
      await hub.setCameras(active.map((c) => toHubCamera(c)));
      await manager.setCameras(active);
      const deadline = Date.now() + 20_000;
      while (!manager.statuses().every((s) => s.frames >= 2 && s.decoderPid !== undefined)) {
        if (Date.now() > deadline) throw new Error(`motion: no frames within 20 s: ${JSON.stringify(manager.statuses())}`);
        await sleep(100);
      }
      await sleep(2_000);
      const statuses = manager.statuses();
      const frames0 = statuses.reduce((a, s) => a + s.frames, 0);
      const events0 = events;
      log(`motion: ${n} camera(s) analysing their 640x360 sub stream: ${windowSeconds} s`);
      const window = await self(windowSeconds);
      const after = manager.statuses();
      const frames1 = after.reduce((a, s) => a + s.frames, 0);
      const cpuOf = (pid: number | null | undefined): number => (pid ? (window.processes.find((p) => p.pid === pid)?.cpuPercent ?? 0) : 0);
      const decoder: Record<string, number> = {};
      const upstream: Record<string, number> = {};
      for (const s of after) {
        decoder[s.camera] = cpuOf(s.decoderPid);
        upstream[s.camera] = cpuOf(hub.stats(s.camera, s.stream).pid);
        if (s.stream !== 'sub') notes.push(`motion on ${s.camera} analysed the ${s.stream} stream, not sub`);
      }
      const node = cpuOf(process.pid);
      const nodeDelta = Math.max(0, node - baselineNode);
      const sum = (o: Record<string, number>): number => Object.values(o).reduce((a, b) => a + b, 0);
      const total = sum(decoder) + sum(upstream) + nodeDelta;
      const w: MotionWindow = {
        cameras: n,
        seconds: window.seconds,
        decoder,
        upstream,
        node,
        nodeDelta,
        total,
        perCamera: total / n,
        analysedFps: (frames1 - frames0) / window.seconds / n,
        motionEvents: events - events0,
        decoderStarts: after.reduce((a, s) => a + s.decoderStarts, 0),
        machineBusyPercent: window.machineBusyPercent,
      };
      windows.push(w);
      log(`  decoder ${pct(sum(decoder))} + sub upstream ${pct(sum(upstream))} + Node ${pct(nodeDelta)} = ${pct(total)} (${pct(w.perCamera)} per camera); ${w.analysedFps.toFixed(2)} fps analysed per camera; ${w.motionEvents} motion event(s)`);
    }
    return { baselineNode, windows, ffmpeg: `${created.ffmpeg.path} (${created.ffmpeg.version})` };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    log(`motion measurement failed: ${message}`);
    return { error: message };
  } finally {
    await manager?.close().catch(() => undefined);
    await hub?.close().catch(() => undefined);
  }
}

