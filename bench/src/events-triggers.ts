/**
 * Phase 2 of `npm run bench:events`: trigger → `notification` on socket.io, and → every alert channel's fake.
 * Motion is triggered round-robin over the cameras through the HTTP trigger port and through the API route, with
 * a motion reset before each run; each run waits for its alerts before the next starts.
 */
import type { NotificationPayload } from '@homecam/shared';
import { waitForArrival, type AlertFakes } from './events-alerts.js';
import { roundSummary } from './events-cpu.js';
import type { BenchBroker } from './events-mqtt.js';
import { ms, type Row } from './report.js';
import { log, sleep } from './run.js';
import { round, type Summary } from './stats.js';

const NOTIFICATION_TIMEOUT_MS = 5_000;

export type TriggerSource = 'http' | 'api';

export interface TriggerSample {
  source: TriggerSource;
  camera: string;
  /** send → notification event */
  ms: number | null;
  /** send → the trigger's HTTP answer */
  answerMs: number;
  /** send → the Bot API fake received the alert's first call */
  telegramMs: number | null;
  /** send → the webhook receiver received the signed payload */
  webhookMs: number | null;
  /** send → the broker's subscriber got `homecam/<camera>/motion` ON */
  mqttMs: number | null;
  error: string | null;
}

export interface TriggerRig {
  cameras: readonly string[];
  /** The HTTP trigger's own port, `http://127.0.0.1:<port>`. */
  triggerUrl: string;
  /** config.json `http.token`, sent as a bearer token (none on a config from before tokens). */
  triggerToken: string | undefined;
  /** Every `notification` socket.io event so far, with its performance.now() arrival. */
  notifications: readonly { at: number; payload: NotificationPayload }[];
  fakes: AlertFakes;
  broker: BenchBroker;
  motionStart(camera: string): Promise<unknown>;
  motionReset(camera: string): Promise<unknown>;
}

async function sendTrigger(rig: TriggerRig, source: TriggerSource, camera: string): Promise<void> {
  if (source === 'api') {
    await rig.motionStart(camera);
    return;
  }
  const headers: Record<string, string> = rig.triggerToken ? { authorization: `Bearer ${rig.triggerToken}` } : {};
  const response = await fetch(`${rig.triggerUrl}/motion?${encodeURIComponent(camera)}`, { headers });
  await response.text();
  if (!response.ok) throw new Error(`HTTP trigger answered ${response.status}`);
}

async function waitForNotification(rig: TriggerRig, from: number, camera: string, source: TriggerSource, sent: number): Promise<number | null> {
  const deadline = sent + NOTIFICATION_TIMEOUT_MS;
  while (performance.now() < deadline) {
    const hit = rig.notifications.slice(from).find((n) => n.payload.camera === camera && n.payload.trigger === source);
    if (hit) return hit.at - sent;
    await sleep(2);
  }
  return null;
}

/** One run: reset, trigger, then the notification and every channel's alert for that camera. */
async function timeOneTrigger(rig: TriggerRig, source: TriggerSource, camera: string): Promise<TriggerSample> {
  const { fakes, broker } = rig;
  await rig.motionReset(camera);
  await sleep(100);
  const from = rig.notifications.length;
  const telegramFrom = fakes.telegram.length;
  const hooksFrom = fakes.hooks.length;
  const mqttFrom = broker.arrivals.length;
  const sent = performance.now();
  let answerMs = 0;
  let error: string | null = null;
  try {
    await sendTrigger(rig, source, camera);
    answerMs = performance.now() - sent;
  } catch (e) {
    error = e instanceof Error ? e.message : String(e);
  }
  const arrived = error === null ? await waitForNotification(rig, from, camera, source, sent) : null;
  if (arrived === null && error === null) error = `no notification within ${NOTIFICATION_TIMEOUT_MS} ms`;
  // The next run starts once this one's alerts are in, so one run's deliveries never queue behind another's.
  const deadline = sent + NOTIFICATION_TIMEOUT_MS;
  const telegram = error === null ? await waitForArrival(fakes.telegram, telegramFrom, (a) => a.camera === camera, deadline) : null;
  const hook = error === null ? await waitForArrival(fakes.hooks, hooksFrom, (a) => a.kind === '/hook' && a.camera === camera && a.trigger === source, deadline) : null;
  const published = error === null ? await waitForArrival(broker.arrivals, mqttFrom, (a) => a.kind === 'motion' && a.camera === camera, deadline) : null;
  if (error === null && !published) error = `no MQTT motion ON within ${NOTIFICATION_TIMEOUT_MS} ms`;
  if (error === null && (!telegram || !hook)) error = `no ${telegram ? 'webhook' : 'Telegram'} alert within ${NOTIFICATION_TIMEOUT_MS} ms`;
  if (hook && hook.signed !== true) error = 'the webhook signature did not check out';
  const since = (arrival: { at: number } | null): number | null => (arrival ? arrival.at - sent : null);
  return { source, camera, ms: arrived, answerMs, telegramMs: since(telegram), webhookMs: since(hook), mqttMs: since(published), error };
}

/** `runs` triggers through the HTTP port, then `runs` through the API route, round-robin over the cameras. */
export async function timeTriggers(rig: TriggerRig, runs: number): Promise<TriggerSample[]> {
  log(`trigger → notification on socket.io: ${runs} × HTTP trigger port, ${runs} × API route (motion reset before each)`);
  const samples: TriggerSample[] = [];
  for (const source of ['http', 'api'] as const) {
    for (let i = 0; i < runs; i++) {
      samples.push(await timeOneTrigger(rig, source, rig.cameras[i % rig.cameras.length]!));
      await sleep(150);
    }
  }
  for (const camera of rig.cameras) await rig.motionReset(camera);
  return samples;
}

export interface TriggerSummary {
  http: Summary | null;
  api: Summary | null;
  telegram: Summary | null;
  webhook: Summary | null;
  mqtt: Summary | null;
  failed: TriggerSample[];
}

export function summariseTriggers(samples: readonly TriggerSample[]): TriggerSummary {
  const of = (pick: (s: TriggerSample) => number | null, source?: TriggerSource): Summary | null =>
    roundSummary(samples.filter((s) => (!source || s.source === source) && pick(s) !== null).map((s) => pick(s)!));
  const summary = {
    http: of((s) => s.ms, 'http'),
    api: of((s) => s.ms, 'api'),
    telegram: of((s) => s.telegramMs),
    webhook: of((s) => s.webhookMs),
    mqtt: of((s) => s.mqttMs),
    failed: samples.filter((s) => s.error),
  };
  const p50p95 = (s: Summary | null): string => `p50 ${ms(s?.p50, 1)}, p95 ${ms(s?.p95, 1)}`;
  log(`  alerts: Telegram ${p50p95(summary.telegram)}; webhook ${p50p95(summary.webhook)}; MQTT ${p50p95(summary.mqtt)}`);
  log(`  HTTP trigger: ${p50p95(summary.http)}, max ${ms(summary.http?.max, 1)}; API: ${p50p95(summary.api)}, max ${ms(summary.api?.max, 1)}${summary.failed.length ? `; ${summary.failed.length} failed` : ''}`);
  return summary;
}

export interface TriggerTargets {
  triggerToNotificationMs: number;
  triggerToAlertP95Ms: number;
}

/** The table rows: notification latency per route (every run within the target), alert latency per channel (p95). */
export function triggerRows(summary: TriggerSummary, runs: number, target: TriggerTargets): Row[] {
  const latencyRow = (label: string, s: Summary | null): Row => ({
    metric: `trigger → socket.io notification, ${label} p50 / p95 / max (n=${s?.n ?? 0}/${runs})`,
    measured: s ? `${ms(s.p50)} / ${ms(s.p95)} / ${ms(s.max)}` : 'n/a',
    target: `≤ ${target.triggerToNotificationMs} ms`,
    pass: s ? s.max <= target.triggerToNotificationMs && s.n === runs : false,
  });
  const alertRow = (label: string, s: Summary | null): Row => ({
    metric: `trigger → ${label}, every channel on, p50 / p95 / max (n=${s?.n ?? 0}/${2 * runs})`,
    measured: s ? `${ms(s.p50)} / ${ms(s.p95)} / ${ms(s.max)}` : 'n/a',
    target: `≤ ${target.triggerToAlertP95Ms} ms p95`,
    pass: s ? s.p95 <= target.triggerToAlertP95Ms && s.n === 2 * runs : false,
  });
  return [
    latencyRow('HTTP trigger port GET /motion?<camera>', summary.http),
    latencyRow('PUT /api/cameras/:name/motion/start', summary.api),
    alertRow('Telegram Bot API fake received (sendPhoto with the event snapshot)', summary.telegram),
    alertRow('webhook receiver received (signature checked)', summary.webhook),
    alertRow('MQTT homecam/<camera>/motion ON at a subscriber', summary.mqtt),
  ];
}

/** The JSON's triggerToNotification block: the summaries, the trigger answer times and every sample rounded. */
export function triggerResults(summary: TriggerSummary, samples: readonly TriggerSample[]) {
  const answers = (source: TriggerSource) => roundSummary(samples.filter((s) => s.source === source && !s.error).map((s) => s.answerMs));
  const roundMs = (value: number | null): number | null => (value === null ? null : round(value, 1));
  return {
    http: summary.http,
    api: summary.api,
    httpAnswerMs: answers('http'),
    apiAnswerMs: answers('api'),
    samples: samples.map((s) => ({
      ...s,
      ms: roundMs(s.ms),
      answerMs: round(s.answerMs, 1),
      telegramMs: roundMs(s.telegramMs),
      webhookMs: roundMs(s.webhookMs),
      mqttMs: roundMs(s.mqttMs),
    })),
  };
}
