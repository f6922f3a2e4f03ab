import { spawn } from 'node:child_process';

/**
 * Runs a command in a private network namespace (`unshare -n`) that has only `lo`, brought up, with multicast on
 * and 239.0.0.0/8 routed to it: WS-Discovery's multicast then stays on this machine, and nothing the command sends
 * can leave 127.0.0.0/8. Needs CAP_SYS_ADMIN (root, as in CI); a refusal is reported with unshare's own message.
 * The command also gets its own PID namespace: when it ends or is killed at the time-out, the kernel ends every
 * process it started (servers, simulators, Chromium), so nothing outlives a run. `onOutput` sees the output as it
 * comes (a long run is not silent until its end).
 */
export const NETNS_SETUP = 'ip link set lo up && ip link set lo multicast on && ip route add 239.0.0.0/8 dev lo';

export interface NetnsResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface NetnsOptions {
  timeoutMs?: number;
  env?: NodeJS.ProcessEnv;
  onOutput?: (chunk: string, stream: 'stdout' | 'stderr') => void;
}

export function runInNetworkNamespace(command: string[], options: NetnsOptions = {}): Promise<NetnsResult> {
  const { timeoutMs = 30_000, env = process.env, onOutput } = options;
  return new Promise((resolve, reject) => {
    // -p --kill-child: the command is PID 1 of a new PID namespace, killed when unshare dies (the time-out's SIGKILL),
    // and its end ends every process left in the namespace; --mount-proc gives it a /proc of its own namespace.
    const unshare = ['-n', '-p', '--kill-child=SIGKILL', '--mount-proc', '--'];
    const child = spawn('unshare', [...unshare, 'sh', '-c', `${NETNS_SETUP} && exec "$@"`, 'sh', ...command], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      onOutput?.(chunk.toString(), 'stdout');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      onOutput?.(chunk.toString(), 'stderr');
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      if (code !== 0 && /unshare: .*(?:Operation not permitted|Permission denied)/.test(stderr)) {
        reject(new Error(`unshare -n is not permitted for this user: ${stderr.trim()}`));
        return;
      }
      resolve({ code, stdout, stderr });
    });
  });
}
