import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/**
 * Per-process CPU and memory from /proc (the method of /work/shared/reference/environment.md):
 * CPU % of one core = Δ(utime + stime) ÷ CLK_TCK ÷ wall seconds × 100. Other work on the machine barely
 * affects it, unlike wall-clock latencies.
 */

export const CLK_TCK = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

export interface ProcStat {
  pid: number;
  comm: string;
  /** utime + stime in clock ticks */
  ticks: number;
  /** cutime + cstime: CPU of children that exited and were reaped */
  childTicks: number;
  /** Start time after boot, in clock ticks. */
  startTicks: number;
}

export function readStat(pid: number, path = `/proc/${pid}/stat`): ProcStat | null {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return null;
  }
  // comm may hold spaces and parentheses: everything after the last ')' is space separated, from field 3 on.
  const close = text.lastIndexOf(')');
  const comm = text.slice(text.indexOf('(') + 1, close);
  const f = text.slice(close + 2).split(' ');
  // f[0] is field 3 (state); field n is f[n - 3]
  const num = (field: number): number => Number(f[field - 3]);
  return { pid, comm, ticks: num(14) + num(15), childTicks: num(16) + num(17), startTicks: num(22) };
}

/** Resident memory in bytes (VmRSS), null when the process is gone. */
export function readRss(pid: number): number | null {
  try {
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}

export function readCmdline(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
  } catch {
    return '';
  }
}

/** The command line as its arguments (empty when the process is gone). */
export function readCmdlineArgs(pid: number): string[] {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
  } catch {
    return [];
  }
}

/** CPU ticks (utime + stime) of each thread of `pid`, summed by thread name ('main' for the main thread, 'node', 'SCTP timer', ...). */
export function threadTicks(pid: number): Map<string, number> {
  const byName = new Map<string, number>();
  let tasks: string[];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return byName;
  }
  for (const task of tasks) {
    const stat = readStat(Number(task), `/proc/${pid}/task/${task}/stat`);
    const name = task === String(pid) ? 'main' : stat?.comm;
    if (stat && name) byName.set(name, (byName.get(name) ?? 0) + stat.ticks);
  }
  return byName;
}

/** % of one core per thread name between two `threadTicks` readings `seconds` apart (threads that came later count from 0). */
export function threadPercent(before: Map<string, number>, after: Map<string, number>, seconds: number): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [name, ticks] of after) out[name] = ((ticks - (before.get(name) ?? 0)) / CLK_TCK / seconds) * 100;
  return out;
}

/** Every descendant of `pid` (children of every thread, recursively). */
export function descendants(pid: number): number[] {
  const out: number[] = [];
  const visit = (parent: number): void => {
    let tasks: string[];
    try {
      tasks = readdirSync(`/proc/${parent}/task`);
    } catch {
      return;
    }
    for (const task of tasks) {
      let children: string;
      try {
        children = readFileSync(`/proc/${parent}/task/${task}/children`, 'utf8');
      } catch {
        continue;
      }
      for (const child of children.split(' ').filter(Boolean).map(Number)) {
        if (!out.includes(child)) {
          out.push(child);
          visit(child);
        }
      }
    }
  };
  visit(pid);
  return out;
}

/** Seconds since boot → ticks, to tell processes that started during a window. */
function uptimeTicks(): number {
  return Number(readFileSync('/proc/uptime', 'utf8').split(' ')[0]) * CLK_TCK;
}

/** Whole-machine busy share (all cores) from /proc/stat, for context. */
function machineTicks(): { busy: number; total: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = line;
  return { busy: user + nice + system + irq + softirq + steal, total: user + nice + system + idle + iowait + irq + softirq + steal };
}

export interface ProcessUsage {
  pid: number;
  comm: string;
  /** % of one core over the window (only the part of the window the process was seen in). */
  cpuPercent: number;
  /** RSS at the end of the window (or when last seen), bytes. */
  rssBytes: number | null;
  /** Whether it was alive for the whole window. */
  wholeWindow: boolean;
}

export interface WindowResult {
  seconds: number;
  processes: ProcessUsage[];
  /** CPU of children of `roots` reaped during the window (e.g. one-shot snapshot ffmpegs), % of one core. */
  reapedChildrenPercent: number;
  /** Whole machine, % of all cores busy. */
  machineBusyPercent: number;
  loadAverage: number;
}

interface Track {
  comm: string;
  first: number;
  last: number;
  wholeWindow: boolean;
  rss: number | null;
}

/**
 * Measures the CPU of `roots` and all their descendants over `seconds`, polling every 250 ms so short-lived
 * children are caught too (a child that started inside the window counts from 0; one that exits counts up to
 * its last sample).
 */
export async function measureWindow(roots: number[], seconds: number, onTick?: () => void): Promise<WindowResult> {
  const tracks = new Map<number, Track>();
  const startUptime = uptimeTicks();
  const startMachine = machineTicks();
  const rootStart = new Map<number, number>();
  const sample = (initial: boolean): void => {
    const pids = new Set<number>();
    for (const root of roots) {
      pids.add(root);
      for (const child of descendants(root)) pids.add(child);
    }
    for (const pid of pids) {
      const stat = readStat(pid);
      if (!stat) continue;
      const known = tracks.get(pid);
      if (known) {
        known.last = stat.ticks;
        known.rss = readRss(pid) ?? known.rss;
      } else {
        const startedInside = !initial && stat.startTicks >= startUptime - 1;
        tracks.set(pid, { comm: stat.comm, first: startedInside ? 0 : stat.ticks, last: stat.ticks, wholeWindow: initial, rss: readRss(pid) });
      }
    }
    for (const [pid, track] of tracks) if (!pids.has(pid)) track.wholeWindow = false;
  };
  for (const root of roots) rootStart.set(root, readStat(root)?.childTicks ?? 0);
  sample(true);
  const t0 = performance.now();
  const deadline = t0 + seconds * 1000;
  while (performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, Math.min(250, Math.max(0, deadline - performance.now()))));
    sample(false);
    onTick?.();
  }
  const wall = (performance.now() - t0) / 1000;
  const endMachine = machineTicks();
  let reaped = 0;
  for (const root of roots) reaped += (readStat(root)?.childTicks ?? 0) - (rootStart.get(root) ?? 0);
  const percent = (ticks: number): number => (ticks / CLK_TCK / wall) * 100;
  return {
    seconds: wall,
    processes: [...tracks].map(([pid, t]) => ({ pid, comm: t.comm, cpuPercent: percent(t.last - t.first), rssBytes: t.rss, wholeWindow: t.wholeWindow })),
    reapedChildrenPercent: percent(reaped),
    machineBusyPercent: ((endMachine.busy - startMachine.busy) / Math.max(1, endMachine.total - startMachine.total)) * 100,
    loadAverage: Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]),
  };
}
