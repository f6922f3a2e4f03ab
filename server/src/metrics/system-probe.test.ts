import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSystemProbe } from './system-probe.js';

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

/** A /proc of its own: `processes` maps pid → [ppid, children list or null for a kernel without children lists]. */
async function fakeProc(processes: Record<number, [number, string | null]>): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'homecam-proc-'));
  dirs.push(root);
  await writeFile(join(root, 'stat'), 'cpu  1 0 1 10 0 0 0 0 0 0\n');
  for (const [pid, [ppid, children]] of Object.entries(processes)) {
    await mkdir(join(root, pid, 'task', pid), { recursive: true });
    await writeFile(join(root, pid, 'stat'), `${pid} (p ${pid}) S ${ppid} 0 0 0 -1 0 0 0 0 0 3 4 0 0 20 0 1 0 100 1000 50 0\n`);
    if (children !== null) await writeFile(join(root, pid, 'task', pid, 'children'), children);
  }
  return root;
}

const pids = (table: { pid: number }[] | null): number[] => (table ?? []).map((p) => p.pid).sort((a, b) => a - b);

describe('SystemProbe.processes', () => {
  it('reads only the tree under the root when the kernel lists children', async () => {
    const proc = await fakeProc({ 10: [1, '11 12 '], 11: [10, '13 '], 12: [10, ''], 13: [11, ''], 99: [1, ''], 1: [0, '10 99 '] });
    expect(pids(createSystemProbe({ procRoot: proc }).processes(10))).toEqual([10, 11, 12, 13]);
  });

  it('skips a child that ended during the walk', async () => {
    const proc = await fakeProc({ 10: [1, '11 12 '], 12: [10, ''] });
    expect(pids(createSystemProbe({ procRoot: proc }).processes(10))).toEqual([10, 12]);
  });

  it('reads every process where the kernel keeps no children lists', async () => {
    const proc = await fakeProc({ 10: [1, null], 11: [10, null], 99: [1, null] });
    expect(pids(createSystemProbe({ procRoot: proc }).processes(10))).toEqual([10, 11, 99]);
  });

  it('finds the real children and grandchildren of this process, and not the rest of the machine', async () => {
    const child = spawn('sh', ['-c', 'sleep 30 & wait'], { stdio: 'ignore' });
    try {
      const probe = createSystemProbe();
      let table = probe.processes(process.pid);
      // the shell starts its sleep right away; wait for it rather than for a fixed time
      for (let tries = 0; tries < 100 && !table?.some((p) => p.ppid === child.pid); tries++) {
        await new Promise((resolve) => setImmediate(resolve));
        table = probe.processes(process.pid);
      }
      expect(table?.some((p) => p.pid === process.pid)).toBe(true);
      expect(table?.some((p) => p.pid === child.pid)).toBe(true);
      expect(table?.some((p) => p.ppid === child.pid)).toBe(true);
      if (existsSync(`/proc/${process.pid}/task/${process.pid}/children`)) expect(table?.some((p) => p.pid === 1)).toBe(false);
    } finally {
      child.kill('SIGKILL');
    }
  });
});
