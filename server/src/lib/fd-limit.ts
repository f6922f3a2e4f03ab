import { readFileSync } from 'node:fs';

/** The open-files limit (RLIMIT_NOFILE); `hard` null means unlimited. */
export interface FdLimits {
  soft: number;
  hard: number | null;
}

/** What a shell's `ulimit -n` usually is, for a system where the limit cannot be read. */
export const ASSUMED_FD_LIMIT = 1024;
/** Below this the server warns at start: a few hundred slow connections could take every descriptor. */
export const LOW_FD_LIMIT = 4096;

/** Parses the "Max open files" line of /proc/<pid>/limits. */
export function parseFdLimits(text: string): FdLimits | null {
  const match = /^Max open files\s+(\d+|unlimited)\s+(\d+|unlimited)/m.exec(text);
  if (!match) return null;
  const value = (field: string | undefined) => (field === 'unlimited' ? null : Number(field));
  return { soft: value(match[1]) ?? Number.MAX_SAFE_INTEGER, hard: value(match[2]) };
}

/**
 * This process's limits (Linux); null elsewhere. Node raises the soft limit to the hard one itself when it starts
 * (PlatformInit in node.cc; fd-limit.test.ts keeps an eye on that), so the soft limit read here is already as high
 * as an unprivileged process can go: only the hard limit (systemd `LimitNOFILE=`, `ulimit -Hn`) can give more (D1).
 */
export function readFdLimits(file = '/proc/self/limits'): FdLimits | null {
  try {
    return parseFdLimits(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}
