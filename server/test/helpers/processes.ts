import { readdirSync, readFileSync } from 'node:fs';

function stat(pid: number): { state: string; ppid: number; comm: string } | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = text.lastIndexOf(')');
    const [state = '', ppid = '0'] = text.slice(close + 2).split(' ');
    return { state, ppid: Number(ppid), comm: text.slice(text.indexOf('(') + 1, close) };
  } catch {
    return null; // gone
  }
}

/** Whether pid runs and is not a zombie left for a reaper (a container's init may never reap it). */
export function running(pid: number): boolean {
  const info = stat(pid);
  return info !== null && info.state !== 'Z';
}

/** Running ffmpeg processes whose parent is `parent` (Linux /proc). */
export function ffmpegChildrenOf(parent: number): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((pid) => {
      const info = stat(pid);
      return info !== null && info.ppid === parent && info.comm === 'ffmpeg' && info.state !== 'Z';
    });
}
