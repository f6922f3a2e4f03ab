import { METRICS_HISTORY_MS, METRICS_INTERVAL_MS, type CameraMetrics, type DiskUsage, type MetricsResponse, type MetricsSample, type MetricsUpdate } from '@homecam/shared';
import type { Clock } from '../lib/clock.js';
import type { StreamReadings } from '../media/index.js';
import { CameraRows } from './camera-rows.js';
import { busyPercent, clampPercent, type CpuTimes } from './proc-parse.js';
import { processTree, TickTracker } from './process-tree.js';
import { Ring } from './ring.js';
import type { SystemProbe } from './system-probe.js';

export interface SamplerOptions {
  clock: Clock;
  probe: SystemProbe;
  /** The streams' readings, through the camera stream service (null: none, in unit tests). */
  streams: StreamReadings | null;
  /** The data directory and the directory new recordings go to (read at every disk refresh: it can change). */
  dirs: () => { data: string; recordings: string };
  /** Sum of the indexed recordings' sizes (a database query: refreshed every `slowRefreshMs`, not every sample). */
  recordingsBytes: () => Promise<number>;
  intervalMs?: number;
  historyMs?: number;
  /** How often the recordings sum is asked again; default 60 s. */
  slowRefreshMs?: number;
  /** Root of the process tree; default this process. */
  rootPid?: number;
  onError?: (error: unknown) => void;
}

type Listener = (update: MetricsUpdate) => void;

/**
 * Samples the machine every `intervalMs` into a ring of the last `historyMs` and tells its listeners (the admin
 * socket room). Always on, so the history is there when an admin opens the page; a sample is synchronous
 * /proc reads (a few ms), while the slow parts (statfs, the recordings sum) refresh in the background and the
 * sample takes their latest value.
 */
export class MetricsSampler {
  readonly intervalMs: number;
  private readonly ring: Ring<MetricsSample>;
  private readonly listeners = new Set<Listener>();
  private readonly ticks = new TickTracker();
  private readonly rows = new CameraRows();
  private readonly rootPid: number;
  private cameras: CameraMetrics[] = [];
  private lastCpu: CpuTimes | null = null;
  private lastAt: number | null = null;
  private lastOwn: { usage: NodeJS.CpuUsage; at: bigint } | null = null;
  private disk: { data: DiskUsage | null; recordings: DiskUsage | null } = { data: null, recordings: null };
  private recordingsBytes: number | null = null;
  private recordingsAt = -Infinity;
  private refreshing = false;
  private cancel: (() => void) | null = null;
  /** Stopped (shutdown): a refresh still in flight must not query the database that closes next. */
  private stopped = false;

  constructor(private readonly options: SamplerOptions) {
    this.intervalMs = options.intervalMs ?? METRICS_INTERVAL_MS;
    this.ring = new Ring(Math.max(1, Math.round((options.historyMs ?? METRICS_HISTORY_MS) / this.intervalMs)));
    this.rootPid = options.rootPid ?? process.pid;
  }

  start(): void {
    if (this.cancel) return;
    this.stopped = false;
    this.sample(); // the baseline for the first interval's deltas
    this.refreshSlow();
    const tick = (): void => {
      this.cancel = this.options.clock.setTimer(this.intervalMs, tick);
      try {
        const sample = this.sample();
        if (this.listeners.size > 0) this.publish(sample);
      } catch (error) {
        this.options.onError?.(error);
      }
      this.refreshSlow();
    };
    this.cancel = this.options.clock.setTimer(this.intervalMs, tick);
  }

  stop(): void {
    this.cancel?.();
    this.cancel = null;
    this.stopped = true;
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  snapshot(): MetricsResponse {
    return { intervalMs: this.intervalMs, cores: this.options.probe.cores, samples: this.ring.toArray(), cameras: this.cameras };
  }

  /** Takes one sample now (the timer calls this; tests and the benchmark too). */
  sample(): MetricsSample {
    const { probe, clock } = this.options;
    const now = clock.now();
    const elapsedMs = this.lastAt === null ? 0 : now - this.lastAt;
    const cpu = probe.cpuTimes();
    const totalTicks = cpu && this.lastCpu ? cpu.total - this.lastCpu.total : null;
    const table = probe.processes(this.rootPid);
    const tree = table ? processTree(table, this.rootPid) : [];
    const deltas = table ? this.ticks.update(tree) : null;
    let cpuHomecam: number | null = null;
    if (deltas && totalTicks && totalTicks > 0) cpuHomecam = clampPercent(([...deltas.values()].reduce((a, b) => a + b, 0) / totalTicks) * 100);
    else if (!table) cpuHomecam = this.ownCpu(probe.cores);
    const memory = probe.memory();
    const { rows, viewerBytes } = this.rows.update(this.options.streams?.readings() ?? [], elapsedMs, deltas, totalTicks);
    const sample: MetricsSample = {
      t: now,
      cpuSystem: cpu && this.lastCpu ? busyPercent(this.lastCpu, cpu) : null,
      cpuHomecam,
      memTotalBytes: memory.totalBytes,
      memUsedBytes: Math.max(0, memory.totalBytes - memory.availableBytes),
      memHomecamBytes: table ? tree.reduce((sum, p) => sum + p.rssPages, 0) * probe.pageSize : process.memoryUsage.rss(),
      processes: table ? tree.length : 1,
      diskData: this.disk.data,
      diskRecordings: this.disk.recordings,
      recordingsBytes: this.recordingsBytes,
      temperatureC: probe.temperature(),
      liveBytesPerSecond: elapsedMs > 0 ? (viewerBytes * 1000) / elapsedMs : 0,
    };
    this.lastCpu = cpu;
    this.lastAt = now;
    this.cameras = rows;
    this.ring.push(sample);
    return sample;
  }

  private publish(sample: MetricsSample): void {
    const update = { sample, cameras: this.cameras };
    for (const listener of this.listeners) listener(update);
  }

  /** Without /proc: this process only, from process.cpuUsage over monotonic time. */
  private ownCpu(cores: number): number | null {
    const current = { usage: process.cpuUsage(), at: process.hrtime.bigint() };
    const before = this.lastOwn;
    this.lastOwn = current;
    if (!before) return null;
    const micros = current.usage.user - before.usage.user + current.usage.system - before.usage.system;
    const wallMicros = Number(current.at - before.at) / 1000;
    return wallMicros > 0 ? clampPercent((micros / wallMicros / cores) * 100) : null;
  }

  /** statfs of both directories every sample, the recordings sum every slowRefreshMs; one refresh at a time. */
  private refreshSlow(): void {
    if (this.refreshing) return;
    this.refreshing = true;
    const { probe, clock } = this.options;
    const dirs = this.options.dirs();
    const sumDue = clock.now() - this.recordingsAt >= (this.options.slowRefreshMs ?? 60_000);
    void (async () => {
      try {
        const [data, recordings] = await Promise.all([probe.disk(dirs.data), probe.disk(dirs.recordings)]);
        this.disk = { data, recordings };
        if (sumDue && !this.stopped) {
          this.recordingsAt = clock.now();
          this.recordingsBytes = await this.options.recordingsBytes();
        }
      } catch (error) {
        if (!this.stopped) this.options.onError?.(error);
      } finally {
        this.refreshing = false;
      }
    })();
  }
}
