/**
 * bench:live over WebRTC, server side: 1, 4, 16 Node WebRTC viewers (bench/src/webrtc-viewer.ts) of one streaming
 * camera, server + ffmpeg CPU per step (clients apart: they run in this bench process), the per-viewer slope against
 * the same camera without viewers, and WS open → first RTP packet. Skipped with the reason when the server declines.
 */
import type { CameraSimulator, SimulatedCamera } from '@homecam/tools';
import { describe, measure, type Breakdown } from './live-cpu.js';
import { ms, pct, type Row } from './report.js';
import { log, own, sleep } from './run.js';
import type { BenchServer } from './server.js';
import { round, slope } from './stats.js';
import { pickNumbers, roundBreakdown, summaryOrNull } from './live-util.js';
import { WebrtcViewer } from './webrtc-viewer.js';

const STEPS = [1, 4, 16] as const;
/** 16 viewers: the camera's remux (≤ 3 %, the WebSocket rows' budget) + 16 × the per-viewer target. */
const TARGET = { perViewer: 1, sixteenViewers: 19 };

export interface WebrtcPhaseOptions {
  server: BenchServer;
  sim: CameraSimulator;
  camera: SimulatedCamera;
  token: string;
  seconds: number;
  /** The same camera streaming without viewers (the WebSocket rows' 0-viewer window). */
  noViewers: Breakdown;
}

export async function webrtcCpuPhase(o: WebrtcPhaseOptions): Promise<{ rows: Row[]; notes: string[]; json: unknown }> {
  log(`WebRTC viewers (Node, node-datachannel): ${STEPS.join(', ')} on ${o.camera.name}, ${o.seconds} s each`);
  const viewers: WebrtcViewer[] = [];
  own('webrtc viewers', async () => void (await Promise.all(viewers.splice(0).map((v) => v.close()))));
  const retried: string[] = [];
  // A viewer that fails to connect is replaced (twice at most) and the failure noted: one flaky peer on the busy
  // machine should not cost the rows; a decline (webrtc-unavailable) is final.
  const connect = async (): Promise<WebrtcViewer> => {
    for (let attempt = 1; ; attempt++) {
      const viewer = new WebrtcViewer(o.server.url, o.camera.name, o.token);
      try {
        await viewer.firstPacket(15_000);
        return viewer;
      } catch (error) {
        await viewer.close();
        if (attempt >= 3 || viewer.unavailable) throw error;
        retried.push(error instanceof Error ? error.message : String(error));
      }
    }
  };
  const open = async (count: number): Promise<void> => {
    const settled = await Promise.allSettled(Array.from({ length: count }, connect));
    for (const result of settled) if (result.status === 'fulfilled') viewers.push(result.value);
    const failed = settled.find((result): result is PromiseRejectedResult => result.status === 'rejected');
    if (failed) throw failed.reason;
  };
  const steps: { viewers: number; cpu: Breakdown; slowestKbit: number }[] = [];
  let declined: string | null = null;
  try {
    for (const n of STEPS) {
      await open(n - viewers.length);
      await sleep(2_000);
      const before = viewers.map((v) => v.bytes);
      const cpu = await measure(o.server, o.sim, o.seconds, [o.camera]);
      const kbit = viewers.map((v, i) => ((v.bytes - before[i]!) * 8) / 1000 / cpu.seconds);
      steps.push({ viewers: n, cpu, slowestKbit: Math.min(...kbit) });
      log(`  ${n} WebRTC viewer(s): ${describe(cpu)}; slowest viewer got ${Math.min(...kbit).toFixed(0)} kbit/s`);
    }
  } catch (error) {
    declined = error instanceof Error ? error.message : String(error);
    log(`  WebRTC viewers skipped: ${declined}`);
  }
  const firstRtp = summaryOrNull(pickNumbers(viewers.map((v) => v.times().firstRtpMs)));
  const connected = summaryOrNull(pickNumbers(viewers.map((v) => v.times().connectedMs)));
  const errors = viewers.map((v) => v.error).filter((e): e is string => e !== null);
  await Promise.all(viewers.splice(0).map((v) => v.close()));

  if (declined !== null || steps.length < STEPS.length) {
    const reason = declined ?? 'not every step ran';
    return {
      rows: [{ metric: 'WebRTC viewers (Node): server + ffmpeg per viewer, 16 viewers', measured: `skipped: ${reason}`, target: `≤ ${TARGET.perViewer} % per viewer`, pass: null }],
      notes: [`WebRTC server rows skipped: ${reason}`],
      json: { skipped: reason, steps: steps.map((s) => ({ ...s, cpu: roundBreakdown(s.cpu) })) },
    };
  }
  const points = [{ x: 0, y: o.noViewers.total }, ...steps.map((s) => ({ x: s.viewers, y: s.cpu.total }))];
  const perViewer = slope(points);
  const spread = (steps[2]!.cpu.total - steps[0]!.cpu.total) / (STEPS[2] - STEPS[0]);
  const sixteen = steps[2]!;
  const rows: Row[] = [
    ...steps.slice(0, 2).map((s) => ({ metric: `1 camera, ${s.viewers} WebRTC viewer${s.viewers === 1 ? '' : 's'} (Node): server + ffmpeg`, measured: pct(s.cpu.total), target: '–', pass: null })),
    {
      metric: 'each extra WebRTC viewer (least-squares slope 0→16; (16−1)/15)',
      measured: `${pct(perViewer, 3)}; ${pct(spread, 3)}`,
      target: `≤ ${TARGET.perViewer} %`,
      pass: Math.max(perViewer, spread) <= TARGET.perViewer,
    },
    {
      metric: '1 camera, 16 WebRTC viewers (Node): server + ffmpeg; slowest viewer; the 16 clients (apart)',
      measured: `${pct(sixteen.cpu.total)}; ${sixteen.slowestKbit.toFixed(0)} kbit/s; ${pct(sixteen.cpu.benchProcess, 1)}`,
      target: `≤ ${TARGET.sixteenViewers} % (3 + 16 × 1)`,
      pass: sixteen.cpu.total <= TARGET.sixteenViewers && errors.length === 0,
    },
    { metric: `WS open → first RTP packet, WebRTC (Node), warm p50 / p95 (n=${firstRtp?.n ?? 0})`, measured: `${ms(firstRtp?.p50)} / ${ms(firstRtp?.p95)}`, target: '–', pass: null },
  ];
  return {
    rows,
    notes: [
      'WebRTC viewers (Node): node-datachannel peers in this bench process (not counted), each on its own live WebSocket with ?transport=webrtc: ' +
        'auth, a recvonly H.264 offer with its host candidates on 127.0.0.1 once gathered, RTP counted as it arrives with receiver reports sent back. ' +
        'Per-viewer cost = least-squares slope of server + ffmpeg over 0 (the WebSocket rows\' no-viewer window), 1, 4 and 16 viewers.',
      ...(errors.length ? [`${errors.length} WebRTC viewer error(s): ${errors.slice(0, 3).join('; ')}`] : []),
      ...(retried.length ? [`${retried.length} WebRTC viewer connection(s) failed and were replaced: ${retried.slice(0, 3).join('; ')}`] : []),
    ],
    json: {
      steps: steps.map((s) => ({ viewers: s.viewers, cpu: roundBreakdown(s.cpu), slowestViewerKbit: round(s.slowestKbit, 0) })),
      perViewer: { slope: round(perViewer, 4), from1to16: round(spread, 4) },
      firstRtpMs: firstRtp,
      connectedMs: connected,
      errors,
      retried,
    },
  };
}
