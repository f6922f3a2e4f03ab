import { describe, expect, it } from 'vitest';
import {
  busyPercent,
  isCpuThermalType,
  pageSizeFrom,
  parseMeminfo,
  parseMilliCelsius,
  parsePidStat,
  parseProcStat,
  parseStatmResident,
} from './proc-parse.js';
import { processTree, TickTracker } from './process-tree.js';
import { Ring } from './ring.js';

const PROC_STAT = `cpu  10132153 290696 3084719 46828483 16683 0 25195 0 0 0
cpu0 1393280 32966 572056 13343292 6130 0 17875 0 0 0
intr 1462898 0 0
`;

/** A real ffmpeg line: comm with a space and parentheses must not shift the fields. */
const PID_STAT =
  '4242 (ffmpeg (x) y) S 4100 4242 4100 0 -1 4194560 5013 0 0 0 1200 345 7 8 20 0 9 0 778899 512000000 6144 18446744073709551615 1 1 0 0 0 0 0 4096 1260 0 0 0 17 1 0 0 0 0 0';

const MEMINFO = `MemTotal:       16303428 kB
MemFree:         1181472 kB
MemAvailable:    9052236 kB
Buffers:          502364 kB
`;

describe('/proc parsers', () => {
  it('reads all-CPU jiffies from /proc/stat (idle = idle + iowait, guest not counted twice)', () => {
    expect(parseProcStat(PROC_STAT)).toEqual({ total: 10132153 + 290696 + 3084719 + 46828483 + 16683 + 0 + 25195 + 0, idle: 46828483 + 16683 });
    expect(parseProcStat('intr 1 2 3\n')).toBeNull();
    expect(parseProcStat('cpu  a b c d\n')).toBeNull();
  });

  it('turns two /proc/stat readings into a busy percentage', () => {
    expect(busyPercent({ total: 1000, idle: 800 }, { total: 1400, idle: 1100 })).toBe(25);
    expect(busyPercent({ total: 1000, idle: 800 }, { total: 1000, idle: 800 })).toBeNull();
  });

  it('reads pid, ppid, utime+stime, start time and rss from /proc/<pid>/stat with an awkward comm', () => {
    expect(parsePidStat(PID_STAT)).toEqual({ pid: 4242, ppid: 4100, ticks: 1545, startTime: 778899, rssPages: 6144 });
    expect(parsePidStat('garbage')).toBeNull();
    expect(parsePidStat('12 (x) S')).toBeNull();
  });

  it('reads MemTotal and MemAvailable in bytes', () => {
    expect(parseMeminfo(MEMINFO)).toEqual({ totalBytes: 16303428 * 1024, availableBytes: 9052236 * 1024 });
    expect(parseMeminfo('MemTotal: 100 kB\n')).toBeNull();
  });

  it('knows CPU thermal zones and reads millidegrees', () => {
    expect(['x86_pkg_temp', 'cpu-thermal', 'soc_thermal', 'CPU0'].every(isCpuThermalType)).toBe(true);
    expect(['acpitz', 'iwlwifi_1', 'battery'].some(isCpuThermalType)).toBe(false);
    expect(parseMilliCelsius('48250\n')).toBe(48.3);
    expect(parseMilliCelsius('-273150')).toBeNull();
    expect(parseMilliCelsius('')).toBeNull();
  });

  it('calibrates the page size from /proc/self/statm and the RSS Node reports', () => {
    expect(parseStatmResident('123456 7890 1234 5 0 6789 0\n')).toBe(7890);
    expect(pageSizeFrom(7890 * 4096 + 1000, 7890)).toBe(4096);
    expect(pageSizeFrom(100 * 65_536, 100)).toBe(65_536);
    expect(pageSizeFrom(12345, null)).toBe(4096);
  });
});

const proc = (pid: number, ppid: number, ticks = 0, startTime = 1) => ({ pid, ppid, ticks, startTime, rssPages: 10 });

describe('process tree', () => {
  it('collects the root and all descendants (a grandchild too), nothing else', () => {
    const table = [proc(1, 0), proc(100, 1), proc(200, 100), proc(300, 200), proc(301, 200), proc(400, 1), proc(500, 400)];
    expect(processTree(table, 200).map((p) => p.pid).sort()).toEqual([200, 300, 301]);
    expect(processTree(table, 100).map((p) => p.pid).sort()).toEqual([100, 200, 300, 301]);
    expect(processTree(table, 999)).toEqual([]);
  });

  it('counts ticks per process between readings; a new or reused pid counts from zero', () => {
    const tracker = new TickTracker();
    expect(tracker.update([proc(10, 1, 100), proc(11, 10, 50)])).toBeNull();
    const deltas = tracker.update([proc(10, 1, 130), proc(11, 10, 60, 2), proc(12, 10, 7)]);
    expect(Object.fromEntries(deltas ?? [])).toEqual({ 10: 30, 11: 60, 12: 7 });
  });
});

describe('ring', () => {
  it('keeps the newest `capacity` items, oldest first', () => {
    const ring = new Ring<number>(3);
    expect(ring.toArray()).toEqual([]);
    expect(ring.latest()).toBeUndefined();
    for (let i = 1; i <= 7; i += 1) ring.push(i);
    expect(ring.toArray()).toEqual([5, 6, 7]);
    expect(ring.size).toBe(3);
    expect(ring.latest()).toBe(7);
    expect(() => new Ring(0)).toThrow(RangeError);
  });
});
