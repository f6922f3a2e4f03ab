/**
 * bench:live glass-to-glass: one extra simulated camera encoding live (x264 ultrafast, zerolatency: the clip cameras
 * are pre-encoded and cannot change their picture) whose picture flashes black ↔ white; the web app's feed page
 * plays it over MSE (WebRTC taken away) and over WebRTC, and bench/src/glass.ts times each flip on the wall clock.
 */
import { startCameraSimulator } from '@homecam/tools';
import type { Browser } from '@playwright/test';
import { launchChromium, NO_WEBRTC_SCRIPT } from './browser.js';
import { glassToGlass, type GlassRun } from './glass.js';
import { ms, type Row } from './report.js';
import { log, own } from './run.js';
import type { Api, BenchServer, LoginResponse } from './server.js';
import { pickNumbers, summaryOrNull, waitForState } from './live-util.js';
import { REFERENCE_WEBRTC_PLAYER_SCRIPT } from './reference-webrtc.js';

const TARGET_WEBRTC_MS = 300;
const CAMERA = 'flash';

export interface GlassPhaseOptions {
  server: BenchServer;
  api: Api;
  session: LoginResponse;
  token: string;
  flips: number;
  settleS: number;
}

export async function glassPhase(o: GlassPhaseOptions): Promise<{ rows: Row[]; notes: string[]; json: unknown }> {
  log(`glass-to-glass: a live-encoded 720p25 camera flashing black/white, ${o.flips} flips over MSE and over WebRTC`);
  let mse: GlassRun | null = null;
  let webrtc: GlassRun | null = null;
  let reference: GlassRun | null = null;
  let error: string | null = null;
  let browser: Browser | null = null;
  const sim = await startCameraSimulator({ cameras: 1, names: [CAMERA], flash: true, audio: false });
  own('flash simulator', () => sim.close());
  try {
    const camera = sim.cameras[0]!;
    await o.api.request('POST', '/api/cameras', { name: CAMERA, prebuffering: true, videoConfig: { source: camera.mainUrl, maxStreams: 8 } });
    await waitForState(o.api, CAMERA, 'streaming', 20_000);
    browser = await launchChromium();
    const b = browser;
    own('chromium (glass)', () => b.close());
    const common = { origin: o.server.url, session: JSON.stringify(o.session), token: o.token, url: `${o.server.url}/cameras/${CAMERA}/feed`, flips: o.flips, settleS: o.settleS };
    mse = await glassToGlass(b, camera, { ...common, extraInitScript: NO_WEBRTC_SCRIPT });
    logRun('MSE', mse);
    webrtc = await glassToGlass(b, camera, { ...common, expectTransport: 'webrtc' });
    logRun('WebRTC', webrtc);
    reference = await glassToGlass(b, camera, { ...common, url: `${o.server.url}/api/health`, referenceScript: REFERENCE_WEBRTC_PLAYER_SCRIPT, expectTransport: 'webrtc' });
    logRun('reference WebRTC player', reference);
  } catch (e) {
    error = e instanceof Error ? e.message.split('\n')[0]! : String(e);
    log(`  glass-to-glass failed: ${error}`);
  } finally {
    await browser?.close();
    await sim.close();
  }
  const latency = (run: GlassRun | null): ReturnType<typeof summaryOrNull> => summaryOrNull(run?.samples.map((s) => s.latencyMs) ?? []);
  const mseSummary = latency(mse);
  const webrtcSummary = webrtc?.transport === 'webrtc' ? latency(webrtc) : null;
  const referenceSummary = reference?.transport === 'webrtc' ? latency(reference) : null;
  const encoder = summaryOrNull([mse, webrtc, reference].flatMap((run) => run?.samples ?? []).map((s) => s.encoderMs));
  const rtcSamples = [webrtc, reference].flatMap((run) => (run?.transport === 'webrtc' ? run.samples : []));
  const received = summaryOrNull(pickNumbers(rtcSamples.map((s) => s.receivedMs)));
  const why = (run: GlassRun | null): string => error ?? run?.error ?? `the player plays ${run?.transport ?? 'without data-transport'}`;
  const rows: Row[] = [
    mseSummary
      ? { metric: `glass-to-glass, web app MSE p50 / p95 (n=${mseSummary.n})`, measured: `${ms(mseSummary.p50)} / ${ms(mseSummary.p95)}`, target: '– (issue: MSE ~1 s behind live)', pass: null }
      : { metric: 'glass-to-glass, web app MSE', measured: `not measured: ${why(mse)}`, target: '–', pass: null },
    webrtcSummary
      ? {
          metric: `glass-to-glass, web app WebRTC p50 / p95 (n=${webrtcSummary.n}, data-transport=webrtc)`,
          measured: `${ms(webrtcSummary.p50)} / ${ms(webrtcSummary.p95)}`,
          target: `≤ ${TARGET_WEBRTC_MS} ms`,
          pass: webrtcSummary.p95 <= TARGET_WEBRTC_MS && webrtc?.error === null,
        }
      : { metric: 'glass-to-glass, web app WebRTC', measured: `not measured: ${why(webrtc)}`, target: `≤ ${TARGET_WEBRTC_MS} ms`, pass: null },
    referenceSummary
      ? {
          metric: `glass-to-glass, reference WebRTC player p50 / p95 (n=${referenceSummary.n})`,
          measured: `${ms(referenceSummary.p50)} / ${ms(referenceSummary.p95)}`,
          target: `≤ ${TARGET_WEBRTC_MS} ms`,
          pass: referenceSummary.p95 <= TARGET_WEBRTC_MS && reference?.error === null,
        }
      : { metric: 'glass-to-glass, reference WebRTC player', measured: `not measured: ${why(reference)}`, target: `≤ ${TARGET_WEBRTC_MS} ms`, pass: null },
    { metric: `  of which camera encoder (simulator x264, source → encoded) p50 / p95 (n=${encoder?.n ?? 0})`, measured: `${ms(encoder?.p50, 1)} / ${ms(encoder?.p95, 1)}`, target: '–', pass: null },
  ];
  if (received) rows.push({ metric: `  of which camera → frame received in Chromium (WebRTC receiveTime) p50 / p95 (n=${received.n})`, measured: `${ms(received.p50)} / ${ms(received.p95)}`, target: '–', pass: null });
  const notes = [
    'Glass-to-glass: camera "flash" (simulator --flash: 1280x720 25 fps, x264 ultrafast zerolatency, keyframe every 2 s, no audio) switches its ' +
      'picture black ↔ white on SIGUSR2 and prints the wall clock (time.time()) at which the first switched raw frame left its source (pad probe); ' +
      'the web app\'s /cameras/flash/feed page draws the centre of every presented frame (requestVideoFrameCallback) into a canvas and notes ' +
      'performance.timeOrigin + the callback time when the brightness flips. Same machine, same clock; includes encoder, RTSP, the server, ' +
      'the transport, decode and the player\'s buffering. Flips 0.3–0.8 s apart, after the page played for a few seconds.',
  ];
  for (const [label, run] of [['MSE', mse], ['WebRTC', webrtc], ['reference WebRTC', reference]] as const) if (run?.error) notes.push(`glass-to-glass ${label}: ${run.error}`);
  if (error) notes.push(`glass-to-glass failed: ${error}`);
  return { rows, notes, json: { error, mse: { summary: mseSummary, ...mse }, webrtc: { summary: webrtcSummary, ...webrtc }, referenceWebrtc: { summary: referenceSummary, ...reference }, encoderMs: encoder, webrtcReceivedMs: received } };
}

function logRun(label: string, run: GlassRun): void {
  const s = summaryOrNull(run.samples.map((x) => x.latencyMs));
  log(`  ${label} (data-transport ${run.transport ?? 'none'}): ${s ? `p50 ${ms(s.p50)}, p95 ${ms(s.p95)} (n=${s.n})` : 'no samples'}${run.error ? `; ${run.error}` : ''}`);
}
