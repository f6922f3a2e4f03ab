/**
 * Pure parsers of the Linux /proc and /sys texts the sampler reads (unit-tested on fixture text). Every function
 * returns null for text it does not understand rather than throwing: a sample then shows "unknown", not an error.
 */

/** Jiffies (USER_HZ) of all CPUs together, from the first line of /proc/stat. */
export interface CpuTimes {
  /** Every state, idle included. */
  total: number;
  /** idle + iowait: time the CPUs had nothing to run. */
  idle: number;
}

export function parseProcStat(text: string): CpuTimes | null {
  const line = text.slice(0, text.indexOf('\n') >>> 0);
  if (!line.startsWith('cpu ')) return null;
  // user nice system idle iowait irq softirq steal [guest guest_nice]: guest time is already in user/nice.
  const values = line.slice(4).trim().split(/\s+/).slice(0, 8).map(Number);
  if (values.length < 4 || values.some((v) => !Number.isFinite(v))) return null;
  const total = values.reduce((sum, v) => sum + v, 0);
  return { total, idle: (values[3] ?? 0) + (values[4] ?? 0) };
}

/** Busy share of the interval between two /proc/stat readings, in %; null when no time passed. */
export function busyPercent(previous: CpuTimes, current: CpuTimes): number | null {
  const total = current.total - previous.total;
  if (total <= 0) return null;
  return clampPercent(((total - (current.idle - previous.idle)) / total) * 100);
}

/** The fields of /proc/<pid>/stat the sampler uses. */
export interface PidStat {
  pid: number;
  ppid: number;
  /** utime + stime in USER_HZ ticks (reaped children's time, cutime/cstime, is not counted: it would arrive as a spike). */
  ticks: number;
  /** Start time after boot in ticks: with the pid, it tells a process from a later one that reuses the pid. */
  startTime: number;
  /** Resident set size in pages. */
  rssPages: number;
}

/** /proc/<pid>/stat: `pid (comm) state ppid …`; comm may hold spaces and parentheses, so fields count from the last ')'. */
export function parsePidStat(text: string): PidStat | null {
  const close = text.lastIndexOf(')');
  const open = text.indexOf(' (');
  if (close < 0 || open < 0) return null;
  const pid = Number(text.slice(0, open));
  // After ')': state(3) ppid(4) … utime(14) stime(15) cutime(16) cstime(17) … starttime(22) vsize(23) rss(24).
  const fields = text.slice(close + 2).split(' ');
  const at = (field: number): number => Number(fields[field - 3]);
  const parsed = { pid, ppid: at(4), ticks: at(14) + at(15), startTime: at(22), rssPages: at(24) };
  return Object.values(parsed).every(Number.isFinite) ? parsed : null;
}

/** MemTotal and MemAvailable of /proc/meminfo in bytes; null without MemAvailable (kernels before 3.14). */
export function parseMeminfo(text: string): { totalBytes: number; availableBytes: number } | null {
  const kib = (name: string): number | null => {
    const match = new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(text);
    return match ? Number(match[1]) * 1024 : null;
  };
  const total = kib('MemTotal');
  const available = kib('MemAvailable');
  return total !== null && available !== null ? { totalBytes: total, availableBytes: available } : null;
}

/** Thermal zone types that measure the CPU (Intel package, SoC, generic CPU zones of ARM boards). */
export function isCpuThermalType(type: string): boolean {
  return /cpu|x86_pkg_temp|soc/i.test(type.trim());
}

/** A thermal zone's `temp` file: millidegrees Celsius → °C; null for garbage or the -273 °C of a dead sensor. */
export function parseMilliCelsius(text: string): number | null {
  const value = Number(text.trim());
  if (!Number.isFinite(value) || text.trim() === '' || value <= -273_000) return null;
  return Math.round(value / 100) / 10;
}

/** Resident pages of /proc/self/statm (second field). */
export function parseStatmResident(text: string): number | null {
  const value = Number(text.trim().split(/\s+/)[1]);
  return Number.isFinite(value) ? value : null;
}

/** The page size that best explains `rssBytes` for `pages` resident pages (calibration without `getconf`). */
export function pageSizeFrom(rssBytes: number, pages: number | null): number {
  const sizes = [4096, 16_384, 65_536];
  if (!pages || pages <= 0) return 4096;
  const ratio = rssBytes / pages;
  return sizes.reduce((best, size) => (Math.abs(Math.log(ratio / size)) < Math.abs(Math.log(ratio / best)) ? size : best));
}

export function clampPercent(value: number): number {
  return Math.min(100, Math.max(0, value));
}
