import { readdirSync, readFileSync } from 'node:fs';
import { statfs } from 'node:fs/promises';
import { cpus, freemem, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import type { DiskUsage } from '@homecam/shared';
import {
  isCpuThermalType,
  pageSizeFrom,
  parseMeminfo,
  parseMilliCelsius,
  parsePidStat,
  parseProcStat,
  parseStatmResident,
  type CpuTimes,
  type PidStat,
} from './proc-parse.js';

/** What the sampler asks the operating system; a fake in unit tests, /proc and /sys on Linux. */
export interface SystemProbe {
  readonly cores: number;
  /** Bytes per page of /proc/<pid>/stat's rss. */
  readonly pageSize: number;
  /** All CPUs' jiffies; null where /proc/stat is missing. */
  cpuTimes(): CpuTimes | null;
  /**
   * /proc/<pid>/stat of `rootPid` and every process below it (where the kernel lists children; else of every
   * process, a superset); null where /proc is missing.
   */
  processes(rootPid: number): PidStat[] | null;
  memory(): { totalBytes: number; availableBytes: number };
  /** Hottest CPU thermal zone in °C, null without one. */
  temperature(): number | null;
  /** The file system holding `dir` (its nearest existing parent); null when unknown. Async: a hung NFS must not block. */
  disk(dir: string): Promise<DiskUsage | null>;
}

function read(path: string): string | null {
  try {
    return readFileSync(path, 'latin1');
  } catch {
    return null; // gone (a process ended mid-scan) or not on this system
  }
}

/** CPU cores per os.cpus() before /proc/stat: the os fallback, also for systems without /proc. */
function osCpuTimes(): CpuTimes {
  let total = 0;
  let idle = 0;
  for (const cpu of cpus()) {
    const t = cpu.times;
    total += t.user + t.nice + t.sys + t.idle + t.irq;
    idle += t.idle;
  }
  return { total, idle };
}

/** The CPU thermal zones' temp files, found once: zones do not come and go while running. */
function cpuThermalFiles(root: string): string[] {
  let zones: string[];
  try {
    zones = readdirSync(root).filter((name) => name.startsWith('thermal_zone'));
  } catch {
    return [];
  }
  return zones.filter((zone) => isCpuThermalType(read(join(root, zone, 'type')) ?? '')).map((zone) => join(root, zone, 'temp'));
}

export async function diskUsage(dir: string): Promise<DiskUsage | null> {
  for (let current = dir; ; current = dirname(current)) {
    try {
      const stats = await statfs(current);
      const used = (stats.blocks - stats.bfree) * stats.bsize;
      const available = stats.bavail * stats.bsize;
      // As df computes it: the share of what non-root users can have that is in use.
      const usedPercent = used + available > 0 ? (used / (used + available)) * 100 : 0;
      return { usedPercent, freeBytes: available, totalBytes: stats.blocks * stats.bsize };
    } catch {
      if (dirname(current) === current) return null;
    }
  }
}

function readPidStat(proc: string, pid: number | string): PidStat | null {
  const text = read(`${proc}/${pid}/stat`);
  return text === null ? null : parsePidStat(text);
}

/** Every process on the machine: one read per process (a few hundred on a desktop), the fallback of readTree. */
function readAll(proc: string): PidStat[] {
  const table: PidStat[] = [];
  for (const name of readdirSync(proc)) {
    if (name.charCodeAt(0) > 57) continue; // not a pid (digits sort before letters: '9' is 57)
    const parsed = readPidStat(proc, name);
    if (parsed) table.push(parsed);
  }
  return table;
}

/**
 * `rootPid` and its descendants only, found through each process's main-thread `children` list: two small reads
 * per process of the tree instead of one per process on the machine, every 5 s, idle or not. Node and ffmpeg start
 * their children from the main thread (the server has no worker threads), so that list holds them all. Null when
 * the kernel keeps no such lists (CONFIG_PROC_CHILDREN): then every process is read.
 */
function readTree(proc: string, rootPid: number): PidStat[] | null {
  const table: PidStat[] = [];
  const queue = [rootPid];
  const seen = new Set<number>();
  for (let pid = queue.pop(); pid !== undefined; pid = queue.pop()) {
    if (seen.has(pid)) continue; // a pid reused mid-walk could close a loop
    seen.add(pid);
    const children = read(`${proc}/${pid}/task/${pid}/children`);
    if (children === null && pid === rootPid) return null;
    const parsed = readPidStat(proc, pid);
    if (!parsed || children === null) continue; // it ended meanwhile
    table.push(parsed);
    for (const child of children.split(' ')) if (child) queue.push(Number(child));
  }
  return table;
}

export interface LinuxProbeOptions {
  /** Default /proc (tests point it at fixture trees). */
  procRoot?: string;
  thermalRoot?: string;
}

/** /proc and /sys readers with what never changes (cores, page size, the thermal zones) worked out once. */
export function createSystemProbe(options: LinuxProbeOptions = {}): SystemProbe {
  const proc = options.procRoot ?? '/proc';
  const hasProc = read(join(proc, 'stat')) !== null;
  const thermal = cpuThermalFiles(options.thermalRoot ?? '/sys/class/thermal');
  const statm = hasProc ? read(join(proc, 'self', 'statm')) : null;
  return {
    cores: Math.max(1, cpus().length),
    pageSize: pageSizeFrom(process.memoryUsage.rss(), statm === null ? null : parseStatmResident(statm)),
    cpuTimes: () => {
      const text = hasProc ? read(join(proc, 'stat')) : null;
      return (text === null ? null : parseProcStat(text)) ?? osCpuTimes();
    },
    processes: (rootPid) => (hasProc ? (readTree(proc, rootPid) ?? readAll(proc)) : null),
    memory: () => {
      const text = hasProc ? read(join(proc, 'meminfo')) : null;
      return (text === null ? null : parseMeminfo(text)) ?? { totalBytes: totalmem(), availableBytes: freemem() };
    },
    temperature: () => {
      let max: number | null = null;
      for (const file of thermal) {
        const text = read(file);
        const value = text === null ? null : parseMilliCelsius(text);
        if (value !== null && (max === null || value > max)) max = value;
      }
      return max;
    },
    disk: diskUsage,
  };
}
