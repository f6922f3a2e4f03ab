import type { PidStat } from './proc-parse.js';

/** The processes descending from `rootPid` (itself included), from a table of every process's parent. */
export function processTree(table: readonly PidStat[], rootPid: number): PidStat[] {
  const children = new Map<number, PidStat[]>();
  let root: PidStat | undefined;
  for (const entry of table) {
    if (entry.pid === rootPid) root = entry;
    const siblings = children.get(entry.ppid);
    if (siblings) siblings.push(entry);
    else children.set(entry.ppid, [entry]);
  }
  if (!root) return [];
  const tree: PidStat[] = [];
  const queue: PidStat[] = [root];
  const seen = new Set<number>();
  for (let next = queue.pop(); next; next = queue.pop()) {
    if (seen.has(next.pid)) continue; // a pid reused mid-scan could close a loop
    seen.add(next.pid);
    tree.push(next);
    queue.push(...(children.get(next.pid) ?? []));
  }
  return tree;
}

/**
 * CPU ticks each process of the tree used since the previous reading. A process that was not there before
 * started in between: all its ticks are new. Keys are pid + start time, so a reused pid is a new process.
 */
export class TickTracker {
  private previous: Map<string, number> | null = null;

  /** Ticks per pid since the last call; null on the first call (no previous reading). */
  update(tree: readonly PidStat[]): Map<number, number> | null {
    const current = new Map<string, number>();
    const deltas = new Map<number, number>();
    for (const entry of tree) {
      const key = `${entry.pid}:${entry.startTime}`;
      current.set(key, entry.ticks);
      const before = this.previous?.get(key) ?? 0;
      deltas.set(entry.pid, Math.max(0, entry.ticks - before));
    }
    const first = this.previous === null;
    this.previous = current;
    return first ? null : deltas;
  }
}
