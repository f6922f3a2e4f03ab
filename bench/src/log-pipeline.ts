/**
 * Cost of the server's log pipeline (issue 8, Console): 10,000 pino records through the log hub (scrub, stdout
 * stand-in, ring, rotating file, batched subscriber) against pino alone into a null destination.
 *
 *   npm run bench:log-pipeline
 *
 * Prints a table and writes bench/results/log-pipeline-<date>.json and log-pipeline-latest.json.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pino, { type DestinationStream } from 'pino';
import { LogHub } from '../../server/src/logs/log-hub.js';
import { publishResults, type Row } from './report.js';

const ENTRIES = 10_000;
const RUNS = 7;
const nullStream: DestinationStream = { write: () => undefined };

/** A typical mix: a request pair, a camera line with a source URL, a trigger line. */
function logBurst(log: pino.Logger, n: number): void {
  for (let i = 0; i < n; i++) {
    switch (i % 4) {
      case 0:
        log.info({ reqId: `req-${i}`, req: { method: 'GET', url: `/api/cameras/Door/status?i=${i}`, remoteAddress: '127.0.0.1' } }, 'incoming request');
        break;
      case 1:
        log.info({ reqId: `req-${i}`, res: { statusCode: 200 }, responseTime: 1.5 }, 'request completed');
        break;
      case 2:
        log.child({ module: 'media' }).warn({ stream: 'Door/main', error: 'rtsp://admin:CamPass-77x@10.0.0.9/live refused' }, 'upstream ended');
        break;
      default:
        log.child({ module: 'triggers' }).info({ trigger: 'mqtt', camera: 'Door', topic: 'homecam/door/motion' }, 'MQTT trigger');
    }
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

async function measure(make: () => { stream: DestinationStream; done: () => Promise<void> }): Promise<{ ms: number; cpuMs: number }> {
  const times: number[] = [];
  const cpu: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const { stream, done } = make();
    const log = pino({ level: 'info' }, stream);
    const start = performance.now();
    const startCpu = process.cpuUsage();
    logBurst(log, ENTRIES);
    await done();
    const used = process.cpuUsage(startCpu);
    times.push(performance.now() - start);
    cpu.push((used.user + used.system) / 1_000);
  }
  return { ms: median(times), cpuMs: median(cpu) };
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'homecam-log-bench-'));
  const started = Date.now();
  try {
    const baseline = await measure(() => ({ stream: nullStream, done: () => Promise.resolve() }));
    const ringOnly = await measure(() => {
      const hub = new LogHub({ out: nullStream });
      hub.setSecrets(['CamPass-77x', 'SmtpSecret-99', 'HttpTriggerToken-123']);
      return { stream: hub, done: () => hub.close() };
    });
    let delivered = 0;
    const full = await measure(() => {
      const hub = new LogHub({ out: nullStream, file: { dir: join(dir, String(Math.random())), maxBytes: 5 * 1024 * 1024, files: 3 } });
      hub.setSecrets(['CamPass-77x', 'SmtpSecret-99', 'HttpTriggerToken-123']);
      hub.subscribe((entries) => (delivered += entries.length));
      return { stream: hub, done: () => hub.close() };
    });
    const per = (value: number) => `${((value * 1_000) / ENTRIES).toFixed(2)} µs/entry`;
    const rows: Row[] = [
      { metric: 'pino → null destination (baseline)', measured: `${baseline.ms.toFixed(1)} ms / 10k (${per(baseline.ms)})`, target: '–', pass: null },
      { metric: 'pino → hub (scrub, ring, no file)', measured: `${ringOnly.ms.toFixed(1)} ms / 10k (${per(ringOnly.ms)})`, target: '–', pass: null },
      {
        metric: 'pino → hub (scrub, ring, file, subscriber)',
        measured: `${full.ms.toFixed(1)} ms / 10k (${per(full.ms)}), CPU ${full.cpuMs.toFixed(1)} ms`,
        target: '< 500 ms / 10k',
        pass: full.ms < 500,
      },
      { metric: 'hub cost over pino alone', measured: `${(full.ms - baseline.ms).toFixed(1)} ms / 10k`, target: '–', pass: null },
    ];
    const result = {
      date: new Date().toISOString(),
      machine: { cpus: cpus().length },
      durationSeconds: Math.round((Date.now() - started) / 1_000),
      entries: ENTRIES,
      runs: RUNS,
      medianMs: { baseline: baseline.ms, ringOnly: ringOnly.ms, full: full.ms },
      medianCpuMs: { baseline: baseline.cpuMs, ringOnly: ringOnly.cpuMs, full: full.cpuMs },
      delivered,
    };
    const notes = [
      `Median of ${RUNS} runs of ${ENTRIES} records each; "full" includes writing and flushing the file.`,
      'At info level the server writes a few records per second, so the hub costs well under 1 ms of CPU per second.',
    ];
    publishResults('log-pipeline', 'Log pipeline', result, rows, notes, resolve(import.meta.dirname, '..', '..'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
