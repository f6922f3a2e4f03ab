import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MetricsUpdate } from '@homecam/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../lib/fake-clock.js';
import type { CpuTimes, PidStat } from './proc-parse.js';
import { MetricsSampler } from './sampler.js';
import { createSystemProbe, type SystemProbe } from './system-probe.js';

/** A machine whose counters the test moves: 2 cores, a root process 10 with an ffmpeg child 11 and an unrelated 99. */
class FakeProbe implements SystemProbe {
  readonly cores = 2;
  readonly pageSize = 4096;
  cpu: CpuTimes = { total: 0, idle: 0 };
  table: PidStat[] = [
    { pid: 10, ppid: 1, ticks: 0, startTime: 5, rssPages: 1000 },
    { pid: 11, ppid: 10, ticks: 0, startTime: 6, rssPages: 500 },
    { pid: 99, ppid: 1, ticks: 0, startTime: 7, rssPages: 9999 },
  ];
  diskCalls = 0;
  cpuTimes = (): CpuTimes => this.cpu;
  processes = (): PidStat[] => this.table;
  memory = () => ({ totalBytes: 8_000, availableBytes: 3_000 });
  temperature = (): number | null => null;
  disk = (dir: string) => {
    this.diskCalls += 1;
    return Promise.resolve({ usedPercent: dir === '/data' ? 40 : 70, freeBytes: 1, totalBytes: 2 });
  };

  /** One interval: the machine ran `total` jiffies with `idle` idle; the processes used the given ticks. */
  run(total: number, idle: number, ticks: Record<number, number>): void {
    this.cpu = { total: this.cpu.total + total, idle: this.cpu.idle + idle };
    this.table = this.table.map((p) => ({ ...p, ticks: p.ticks + (ticks[p.pid] ?? 0) }));
  }
}

function setup(options: { historyMs?: number } = {}) {
  const clock = new FakeClock();
  const probe = new FakeProbe();
  let sums = 0;
  const sampler = new MetricsSampler({
    clock,
    probe,
    streams: null,
    dirs: () => ({ data: '/data', recordings: '/rec' }),
    recordingsBytes: () => Promise.resolve(++sums * 1000),
    rootPid: 10,
    intervalMs: 5_000,
    historyMs: options.historyMs,
  });
  return { clock, probe, sampler, sums: () => sums };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('MetricsSampler', () => {
  it('samples on the clock: system CPU from /proc/stat deltas, the process tree (child included, others not), memory', async () => {
    const { clock, probe, sampler } = setup();
    sampler.start();
    await flush();
    expect(sampler.snapshot().samples).toHaveLength(1); // the baseline, so the history starts at once
    probe.run(1000, 600, { 10: 50, 11: 150, 99: 500 });
    clock.advance(5_000);
    const { samples, intervalMs, cores } = sampler.snapshot();
    expect({ intervalMs, cores }).toEqual({ intervalMs: 5_000, cores: 2 });
    expect(samples).toHaveLength(2);
    expect(samples[1]).toMatchObject({
      t: clock.now(),
      cpuSystem: 40,
      cpuHomecam: 20, // (50 + 150) of 1000 jiffies; process 99 is not ours
      memTotalBytes: 8_000,
      memUsedBytes: 5_000,
      memHomecamBytes: 1500 * 4096,
      processes: 2,
      diskData: { usedPercent: 40 },
      diskRecordings: { usedPercent: 70 },
      recordingsBytes: 1000,
      temperatureC: null,
      liveBytesPerSecond: 0,
    });
    expect(samples[0]?.cpuSystem).toBeNull();
    sampler.stop();
    expect(clock.pendingTimers).toBe(0);
  });

  it('keeps only the history (a bounded ring) and tells subscribers every new sample', async () => {
    const { clock, probe, sampler, sums } = setup({ historyMs: 60_000 });
    const updates: MetricsUpdate[] = [];
    const unsubscribe = sampler.subscribe((update) => updates.push(update));
    sampler.start();
    await flush();
    for (let i = 0; i < 30; i += 1) {
      probe.run(100, 50, { 11: 10 });
      clock.advance(5_000);
      await flush();
    }
    const { samples } = sampler.snapshot();
    expect(samples).toHaveLength(12);
    expect(samples.at(-1)?.t).toBe(clock.now());
    expect(samples[0]?.t).toBe(clock.now() - 11 * 5_000);
    expect(updates).toHaveLength(30);
    expect(updates.at(-1)?.sample).toEqual(samples.at(-1));
    expect(updates.at(-1)?.sample.cpuHomecam).toBe(10);
    // statfs at every sample, the recordings sum once a minute
    expect(probe.diskCalls).toBe(2 * 31);
    expect(sums()).toBe(3);
    unsubscribe();
    clock.advance(5_000);
    expect(updates).toHaveLength(30);
    sampler.stop();
  });
});

describe('createSystemProbe', () => {
  const dirs: string[] = [];
  afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

  it('reads this machine: the own process is in the table, memory and cores are known', async () => {
    const probe = createSystemProbe();
    const table = probe.processes(process.pid);
    if (table) expect(table.some((p) => p.pid === process.pid)).toBe(true);
    expect(probe.cores).toBeGreaterThan(0);
    expect(probe.memory().totalBytes).toBeGreaterThan(0);
    expect(probe.cpuTimes()?.total).toBeGreaterThan(0);
    expect((await probe.disk(tmpdir()))?.totalBytes).toBeGreaterThan(0);
    expect(await probe.disk('/no/such/dir/at/all')).not.toBeNull(); // its nearest existing parent: /
  });

  it('takes the hottest CPU thermal zone and ignores the others; no zone is null', async () => {
    const root = await mkdtemp(join(tmpdir(), 'homecam-thermal-'));
    dirs.push(root);
    const zone = async (name: string, type: string, temp: string) => {
      await mkdir(join(root, name));
      await writeFile(join(root, name, 'type'), `${type}\n`);
      await writeFile(join(root, name, 'temp'), `${temp}\n`);
    };
    await zone('thermal_zone0', 'x86_pkg_temp', '51000');
    await zone('thermal_zone1', 'soc_thermal', '56500');
    await zone('thermal_zone2', 'iwlwifi_1', '90000');
    expect(createSystemProbe({ thermalRoot: root }).temperature()).toBe(56.5);
    expect(createSystemProbe({ thermalRoot: join(root, 'missing') }).temperature()).toBeNull();
  });
});
