/**
 * `npm run bench:events`: cost of camera events on the built server, and of motion detection.
 *
 *   1. Recording CPU: 4 simulated 720p25 cameras (clip mode) with prebuffering, streaming; server + ffmpeg CPU
 *      over a window with no recording, then with cam1 recording (motion kept going by re-triggering, so the
 *      clip extends), then with all 4 recording. The differences are the recording cost.
 *   2. Trigger → `notification` on socket.io: a socket.io client signed in as admin; motion triggered through the
 *      HTTP trigger port (GET /motion?<camera>) and through PUT /api/cameras/:name/motion/start, with a motion
 *      reset before each, round-robin over the cameras; time from sending the trigger to the socket event.
 *      With every alert channel on (Telegram against a local Bot API fake, the webhook and Alexa's announce webhook
 *      against a local receiver, MQTT publishing to a local aedes broker, web push), the same runs also time trigger → the Bot API fake's request and
 *      trigger → the webhook receiver's signed request (bench/src/events-alerts.ts).
 *   3. Motion detection CPU in the server on the 640x360 sub stream: video analysis switched on through the API
 *      (`PATCH /api/cameras/:name` `videoanalysis: { active: true }`, default thresholds) for 1 then 4 cameras;
 *      server + ffmpeg CPU minus the same cameras with video analysis off (windows before and after). The server
 *      runs a decoder ffmpeg per camera (fed the hub's fMP4 on stdin) and the sub stream's remux ffmpeg.
 * Prints a table (metric, measured, target, result) and writes bench/results/events-<date>.json and events-latest.json.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type ClientToServerEvents, type NotificationPayload, type ServerToClientEvents } from '@homecam/shared';
import { startCameraSimulator } from '@homecam/tools';
import { io, type Socket } from 'socket.io-client';
import { CLK_TCK } from './proc.js';
import { pct, publishResults, type Row } from './report.js';
import { freePort, REPO_ROOT } from './server.js';
import { round } from './stats.js';
import { cameraAlertFields, configureAlertChannels, startAlertFakes } from './events-alerts.js';
import { measureMotionWindows, motionCost, motionResults, motionRows } from './events-motion.js';
import { summariseTriggers, timeTriggers, triggerResults, triggerRows } from './events-triggers.js';
import { configureMqtt, startBroker } from './events-mqtt.js';
import { checkBuild, cleanupAll, guardRun, log, own, runBench, runHeader, sleep, startOwnedServer } from './run.js';
import {
  bytesUnder,
  describeServer,
  measureServer,
  roundCpu,
  waitForStreaming,
  type ServerCpu,
} from './events-cpu.js';

const CAMERAS = 4;
const WINDOW_S = Number(process.env.BENCH_WINDOW_S ?? 15);
const SETTLE_S = 3;
const TRIGGER_RUNS = Number(process.env.BENCH_TRIGGER_RUNS ?? 20);
/** Re-trigger this often while recording: motion goes on, so the clip is extended. */
const RETRIGGER_MS = 4_000;
const RUN_DEADLINE_MS = 300_000;

const TARGET = { motionPerCamera: 5, recordingPerCamera: 1, triggerToNotificationMs: 300, triggerToAlertP95Ms: 300 };

const disarmWatchdog = guardRun(RUN_DEADLINE_MS);

// ---------------------------------------------------------------------------------------------------------

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

async function main(): Promise<void> {
  const notes: string[] = [];
  const warning = checkBuild(notes);

  log(`starting ${CAMERAS} simulated cameras (clip mode: 1280x720 main + 640x360 sub, 25 fps, looped)`);
  const sim = await startCameraSimulator({ cameras: CAMERAS, clip: true, log: (line) => process.env.BENCH_VERBOSE && log(`sim ${line}`) });
  own('simulator', () => sim.close());

  const fakes = await startAlertFakes(sim.cameras.map((c) => c.name));
  own('alert fakes', () => fakes.close());
  const { server, api, token, stop: stopServer } = await startOwnedServer({ HOMECAM_TELEGRAM_API_ROOT: fakes.telegramUrl });
  await configureAlertChannels(api, fakes);
  const broker = await startBroker(sim.cameras.map((c) => c.name));
  own('mqtt broker', () => broker.close());
  await configureMqtt(api, broker);

  // HTTP trigger on its own port, recordings on (Video, 10 s), notifications on (the default)
  const httpPort = await freePort();
  await api.request('PATCH', '/api/config/http', { active: true, port: httpPort, localhttp: false });
  await api.request('PATCH', '/api/config/recordings', { active: true, type: 'Video', timer: 10, removeAfter: 7 });
  const triggerUrl = `http://127.0.0.1:${httpPort}`;
  // New installs get a random trigger token (config.json `http.token`); a request without it is refused (401).
  const triggerToken = (JSON.parse(await readFile(join(server.dataDir, 'config.json'), 'utf8')) as { http?: { token?: string } }).http?.token;
  {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const triggers = await api.request<{ result: { name: string; status: string; error: string | null }[] }>('GET', '/api/system/triggers');
      const http = triggers.result.find((t) => t.name === 'http');
      if (http?.status === 'online') break;
      if (Date.now() > deadline) throw new Error(`HTTP trigger not online: ${JSON.stringify(http)}`);
      await sleep(100);
    }
  }

  for (const camera of sim.cameras) {
    await api.request('POST', '/api/cameras', {
      name: camera.name,
      prebuffering: true,
      videoConfig: { source: camera.mainUrl, subSource: camera.subUrl, maxStreams: 64 },
      ...cameraAlertFields(fakes),
    });
  }
  await Promise.all(sim.cameras.map((c) => waitForStreaming(api, c.name, 20_000)));

  const socket: ClientSocket = io(server.url, { auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true });
  own('socket', () => Promise.resolve(void socket.disconnect()));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error) => reject(new Error(`socket.io: ${error.message}`)));
  });
  const notifications: { at: number; payload: NotificationPayload }[] = [];
  socket.on('notification', (payload) => notifications.push({ at: performance.now(), payload }));
  log(`${CAMERAS} cameras streaming (prebuffering), socket.io connected; settling ${SETTLE_S} s`);
  await sleep(SETTLE_S * 1000);

  // --- 1. recording CPU ----------------------------------------------------------------------------------
  const recordingsDir = join(server.dataDir, 'recordings');
  const motionStart = (camera: string): Promise<{ accepted: boolean }> => api.request('PUT', `/api/cameras/${encodeURIComponent(camera)}/motion/start`);
  const motionReset = (camera: string): Promise<unknown> => api.request('PUT', `/api/cameras/${encodeURIComponent(camera)}/motion/reset`);
  const recording = new Set<string>();
  const retrigger = setInterval(() => {
    for (const camera of recording) void motionStart(camera).catch((error: unknown) => log(`re-trigger ${camera}: ${String(error)}`));
  }, RETRIGGER_MS);
  own('re-trigger', () => Promise.resolve(clearInterval(retrigger)));

  const recWindow = async (label: string): Promise<{ cpu: ServerCpu; kbitWritten: number }> => {
    log(`${label}: ${WINDOW_S} s`);
    const before = bytesUnder(recordingsDir);
    const cpu = await measureServer(server, sim, WINDOW_S);
    const kbitWritten = ((bytesUnder(recordingsDir) - before) * 8) / 1000 / cpu.seconds;
    log(`  ${describeServer(cpu)}; recordings written at ${kbitWritten.toFixed(0)} kbit/s`);
    return { cpu, kbitWritten };
  };
  const notRecording = await recWindow(`${CAMERAS} cameras streaming, not recording`);
  for (const camera of sim.cameras.slice(0, 1)) {
    if (!(await motionStart(camera.name)).accepted) throw new Error(`motion on ${camera.name} not accepted`);
    recording.add(camera.name);
  }
  await sleep(2_000);
  const oneRecording = await recWindow(`1 of ${CAMERAS} cameras recording (re-triggered every ${RETRIGGER_MS / 1000} s)`);
  for (const camera of sim.cameras.slice(1)) {
    if (!(await motionStart(camera.name)).accepted) throw new Error(`motion on ${camera.name} not accepted`);
    recording.add(camera.name);
  }
  await sleep(2_000);
  const allRecording = await recWindow(`${CAMERAS} cameras recording`);
  recording.clear();
  clearInterval(retrigger);
  for (const camera of sim.cameras) await motionReset(camera.name);

  // --- 2. trigger → notification ---------------------------------------------------------------------------
  const rig = { cameras: sim.cameras.map((c) => c.name), triggerUrl, triggerToken, notifications, fakes, broker, motionStart, motionReset };
  const samples = await timeTriggers(rig, TRIGGER_RUNS);

  // --- 1b. not recording again, once every clip is finalised (brackets the recording windows) ---------------
  type RecordingEntry = { camera: string; status: string; type: string; durationMs: number; sizeBytes: number; startedAt: string };
  const listRecordings = async (): Promise<RecordingEntry[]> => (await api.request<{ result: RecordingEntry[] }>('GET', '/api/recordings?limit=100')).result;
  {
    const deadline = Date.now() + 20_000;
    while ((await listRecordings()).some((r) => r.status === 'recording')) {
      if (Date.now() > deadline) {
        notes.push('clips still recording 20 s after the last trigger; the second not-recording window may include their end');
        break;
      }
      await sleep(250);
    }
  }
  await sleep(1_000);
  const notRecordingAfter = await recWindow(`${CAMERAS} cameras streaming, not recording (again, every clip finalised)`);
  const recordingsAfter = await listRecordings();
  const triggers = summariseTriggers(samples);
  const announcements = fakes.hooks.filter((a) => a.kind === '/announce').length;

  // Recording cost: against the mean of the not-recording windows before and after.
  const ffmpegSum = (c: ServerCpu): number => Object.values(c.ffmpeg).reduce((a, b) => a + b, 0);
  const base = {
    total: (notRecording.cpu.total + notRecordingAfter.cpu.total) / 2,
    server: (notRecording.cpu.server + notRecordingAfter.cpu.server) / 2,
    ffmpeg: (ffmpegSum(notRecording.cpu) + ffmpegSum(notRecordingAfter.cpu)) / 2,
  };
  const delta = (c: ServerCpu, n: number): { total: number; server: number; ffmpeg: number; other: number } => ({
    total: (c.total - base.total) / n,
    server: (c.server - base.server) / n,
    ffmpeg: (ffmpegSum(c) - base.ffmpeg) / n,
    other: c.other / n,
  });
  const rec1 = delta(oneRecording.cpu, 1);
  const rec4 = delta(allRecording.cpu, CAMERAS);
  const perCamera1 = rec1.total;
  const perCamera4 = rec4.total;
  const clips = recordingsAfter.map((r) => ({ camera: r.camera, status: r.status, type: r.type, startedAt: r.startedAt, durationMs: r.durationMs, sizeBytes: r.sizeBytes }));
  log(`  clips: ${clips.map((c) => `${c.camera} ${c.status} ${(c.durationMs / 1000).toFixed(1)} s ${(c.sizeBytes / 1e6).toFixed(1)} MB`).join(', ')}`);

  // --- 3. motion detection CPU, in the server ----------------------------------------------------------------
  // Recordings off, so a detected motion would not start a clip (its notification is counted instead).
  await api.request('PATCH', '/api/config/recordings', { active: false });
  const motionRig = { api, server, sim, notifications, windowSeconds: WINDOW_S, settleSeconds: SETTLE_S };
  const { windows: motionWindows, settings: analysisSettings } = await measureMotionWindows(motionRig);
  await sleep(2_000);
  const analysisOff = await recWindow(`${CAMERAS} cameras streaming, video analysis off again`);

  socket.disconnect();
  await stopServer();

  // Motion cost: against the mean of the analysis-off windows right before and after (same cameras, streaming).
  const motion = motionCost(motionWindows, notRecordingAfter.cpu, analysisOff.cpu);

  // --- results -------------------------------------------------------------------------------------------
  const rows: Row[] = [
    ...triggerRows(triggers, TRIGGER_RUNS, TARGET),
    { metric: `${CAMERAS} cameras streaming (prebuffering), not recording: server + ffmpeg, before / after`, measured: `${pct(notRecording.cpu.total)} / ${pct(notRecordingAfter.cpu.total)}`, target: '–', pass: null },
    { metric: `${CAMERAS} cameras, 1 recording / ${CAMERAS} recording: server + ffmpeg`, measured: `${pct(oneRecording.cpu.total)} / ${pct(allRecording.cpu.total)}`, target: '–', pass: null },
    {
      metric: `recording 1 camera: Δ total (Δ Node, Δ remux ffmpeg); written ${oneRecording.kbitWritten.toFixed(0)} kbit/s`,
      measured: `${pct(rec1.total)} (${pct(rec1.server)}, ${pct(rec1.ffmpeg)})`,
      target: `≤ ${TARGET.recordingPerCamera} %`,
      pass: perCamera1 <= TARGET.recordingPerCamera && oneRecording.kbitWritten > 0,
    },
    {
      metric: `recording ${CAMERAS} cameras, per camera: Δ total ÷ ${CAMERAS} (Δ Node, Δ ffmpeg); written ${allRecording.kbitWritten.toFixed(0)} kbit/s`,
      measured: `${pct(rec4.total)} (${pct(rec4.server)}, ${pct(rec4.ffmpeg)})`,
      target: `≤ ${TARGET.recordingPerCamera} %`,
      pass: perCamera4 <= TARGET.recordingPerCamera && allRecording.kbitWritten > 0,
    },
  ];
  rows.push({
    metric: `${CAMERAS} cameras streaming, video analysis off: server + ffmpeg, before / after the motion windows`,
    measured: `${pct(notRecordingAfter.cpu.total)} / ${pct(analysisOff.cpu.total)}`,
    target: '–',
    pass: null,
  });
  rows.push(...motionRows(motion, TARGET.motionPerCamera));

  notes.push(
    `CPU: per process from /proc/<pid>/stat (utime+stime deltas ÷ wall, CLK_TCK ${CLK_TCK}, polled every 250 ms), in % of ONE core; ${WINDOW_S} s windows.`,
    `Recording: ${CAMERAS} simulated 1280x720 25 fps H.264 ~2.1 Mbit/s + AAC cameras (clip mode), prebuffering on (the stream runs anyway); ` +
      'recordings Video, 10 s; the server tree (Node + every ffmpeg child) over a window without recording, with cam1 recording, and with all ' +
      `recording; motion kept going by PUT …/motion/start every ${RETRIGGER_MS / 1000} s so the clips extend; each window starts 2 s after the ` +
      'first trigger, so it shows steady writing (the one-shot thumbnail ffmpeg at a clip start is outside it). The recorder copies fragments ' +
      'in Node (no ffmpeg of its own): the cost is Node + disk writes + fsync every 2 s. Deltas of a few tenths of a percent are near the noise of a shared machine.',
    'Trigger → notification: socket.io-client (websocket transport, admin token in auth) connected to the server; per run a motion reset ' +
      '(API, awaited), 100 ms, then the trigger; time = send → the `notification` event for that camera and trigger source (includes the ' +
      `HTTP round trip). Round-robin over ${CAMERAS} cameras with recordings on, so each trigger also starts or extends a clip (the recorder hears ` +
      'the event before the notifications). PASS needs every run ≤ the target (max).',
    'Alerts: every channel on during the trigger runs: Telegram (camera type Snapshot: one sendPhoto with the event picture and caption) ' +
      'against a local Bot API fake (HOMECAM_TELEGRAM_API_ROOT), the webhook (camera webhookUrl) and Alexa in announce-webhook mode against ' +
      'a local receiver, web push (no device subscribed). Time = send → the fake/receiver has the whole request; the webhook\'s ' +
      'X-HomeCam-Signature is checked with the secret of GET /api/settings/notifications/webhook. MQTT: the MQTT trigger\'s broker is a local aedes, publishing with ' +
      'Home Assistant discovery on; time = send → a subscriber got homecam/<camera>/motion ON.',
    `Motion, in the built server: after the recording and trigger runs (recordings then switched off), video analysis switched on with ` +
      `PATCH /api/cameras/:name { videoanalysis: { active: true } } (default thresholds: ${JSON.stringify(analysisSettings)}) for cam1, then for all ${CAMERAS}; ` +
      `each window starts once the server runs a decoder ffmpeg and a sub stream remux ffmpeg per analysed camera, + ${SETTLE_S} s. ` +
      'The sub stream is the simulator\'s 640x360 25 fps ~0.5 Mbit/s H.264 (a moving testsrc2 picture). Cost = server tree (Node + every ffmpeg) ' +
      `minus the mean of the same ${CAMERAS} cameras streaming with video analysis off (the window before and one after switching it off again), ` +
      '÷ cameras. Split: decoder ffmpegs (fMP4 from the hub on stdin, gray frames out; found by their command line), the sub stream remux ' +
      'ffmpegs (started for the analysis, shared with sub viewers when there are any), Δ server Node (fragment parsing, frame comparison) and ' +
      'Δ rest (main remux + other children: noise). Motion notifications raised in the windows are counted in the JSON (the work per frame does not depend on them).',
  );
  if (triggers.failed.length) notes.push(`failed triggers: ${triggers.failed.slice(0, 3).map((s) => `${s.source} ${s.camera}: ${s.error}`).join('; ')}`);

  const result = {
    ...runHeader(),
    targets: TARGET,
    table: rows,
    notes,
    setup: { serverStartMs: round(server.startMs, 0), buildWarning: warning, windowSeconds: WINDOW_S, cameras: CAMERAS },
    recording: {
      notRecording: { cpu: roundCpu(notRecording.cpu), kbitWritten: round(notRecording.kbitWritten, 0) },
      notRecordingAfter: { cpu: roundCpu(notRecordingAfter.cpu), kbitWritten: round(notRecordingAfter.kbitWritten, 0) },
      oneRecording: { cpu: roundCpu(oneRecording.cpu), kbitWritten: round(oneRecording.kbitWritten, 0) },
      allRecording: { cpu: roundCpu(allRecording.cpu), kbitWritten: round(allRecording.kbitWritten, 0) },
      baseline: { total: round(base.total, 3), server: round(base.server, 3), ffmpeg: round(base.ffmpeg, 3) },
      perCameraOne: Object.fromEntries(Object.entries(rec1).map(([k, v]) => [k, round(v, 3)])),
      perCameraAll: Object.fromEntries(Object.entries(rec4).map(([k, v]) => [k, round(v, 3)])),
      clips,
    },
    triggerToNotification: triggerResults(triggers, samples),
    alerts: { telegram: triggers.telegram, webhook: triggers.webhook, mqtt: triggers.mqtt, mqttMessages: broker.arrivals.length, alexaAnnouncements: announcements, telegramCalls: fakes.telegram.length, webhookCalls: fakes.hooks.length },
    motion: motionResults(motion, analysisSettings, notRecordingAfter.cpu, analysisOff.cpu),
  };

  await cleanupAll();

  publishResults('events', 'HomeCam events benchmark', result, rows, notes, REPO_ROOT);
}

await runBench(main, disarmWatchdog);
