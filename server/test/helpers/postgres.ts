import { freePort, waitFor } from '@homecam/tools';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { chown, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);
/** Debian's postgresql-15 (scripts/ensure-system-deps.sh installs it). */
export const PG_BIN = process.env.HOMECAM_PG_BIN ?? '/usr/lib/postgresql/15/bin';
/** postgres refuses to run as root: the cluster belongs to this unprivileged user when the tests run as root. */
const RUN_AS = 'nobody';

export interface TestPostgres {
  connection: pg.PoolConfig;
  stop(): Promise<void>;
}

const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const command = (bin: string, args: string[]): [string, string[]] => (asRoot ? ['runuser', ['-u', RUN_AS, '--', join(PG_BIN, bin), ...args]] : [join(PG_BIN, bin), args]);

/**
 * A throw-away PostgreSQL 15 cluster: initdb into a temp dir, postgres on a free port of 127.0.0.1 (and a socket in
 * the same dir), trust auth for the loopback only. `stop()` shuts it down fast and removes the directory.
 */
export async function startPostgres(): Promise<TestPostgres> {
  const dir = await mkdtemp(join(tmpdir(), 'homecam-pg-'));
  if (asRoot) {
    const { stdout } = await run('id', ['-u', RUN_AS]);
    const uid = Number(stdout.trim());
    await chown(dir, uid, uid);
  }
  const data = join(dir, 'data');
  await run(...command('initdb', ['-D', data, '-U', 'homecam', '--auth=trust', '-E', 'UTF8', '--no-sync']));
  const port = await freePort();
  const [bin, args] = command('postgres', ['-D', data, '-p', String(port), '-h', '127.0.0.1', '-k', dir, '-c', 'fsync=off', '-c', 'full_page_writes=off']);
  const child: ChildProcess = spawn(bin, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const connection: pg.PoolConfig = { host: '127.0.0.1', port, user: 'homecam', database: 'postgres' };
  try {
    await waitFor(
      async () => {
        if (child.exitCode !== null) throw new Error(`postgres exited: ${stderr}`);
        const client = new pg.Client(connection);
        try {
          await client.connect();
          await client.query('select 1');
          return true;
        } catch {
          return false;
        } finally {
          await client.end().catch(() => undefined);
        }
      },
      { timeoutMs: 30_000, message: 'postgres to accept connections' },
    );
  } catch (error) {
    child.kill('SIGKILL');
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    connection,
    stop: async () => {
      const exited = new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', () => resolve())));
      // Signals go to the postmaster itself: runuser does not pass them on. SIGTERM first ("smart shutdown": the
      // sessions end on their own). pg's Pool.end() resolves before its sockets have closed, and a fast shutdown
      // meanwhile sends those clients a FATAL 57P01 that surfaces as an uncaught error in the test run. SIGINT
      // ("fast", ends the sessions) only if a session is still open after 5 s.
      const pid = Number((await readFile(join(data, 'postmaster.pid'), 'utf8').catch(() => '')).split('\n')[0]);
      if (pid > 0) {
        process.kill(pid, 'SIGTERM');
        const fast = setTimeout(() => process.kill(pid, 'SIGINT'), 5_000);
        await exited;
        clearTimeout(fast);
      } else {
        child.kill('SIGKILL');
        await exited;
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}
