#!/usr/bin/env node
// The start script's supervisor: runs the server as a child and starts it again when it exits with the restart
// code (Settings → System → restart, a restore). Everything else ends the supervisor with the child's code.
// Run directly for tests: `node scripts/supervisor.mjs <node args…> <entry> -- <server args…>`.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** packages/shared RESTART_EXIT_CODE (this file runs before anything is built, so it cannot import it). */
export const RESTART_EXIT_CODE = 75;
/** Crash-loop guard: more restarts than this inside the window end the supervisor. */
export const MAX_RESTARTS = 5;
export const RESTART_WINDOW_MS = 60_000;

const SIGNAL_CODES = { SIGINT: 130, SIGTERM: 143 };

/**
 * Runs `node <nodeArgs> <args>` until it ends for good; resolves with the exit code the supervisor should end
 * with. SIGTERM/SIGINT are passed to the child (which stops cleanly) and end the supervisor with its code. The
 * child reports its port over IPC (`homecam:listening`): a restart takes the same one, so `--port 0` keeps it.
 */
export function supervise({ nodeArgs, args = [], env = process.env, log = (text) => console.error(text) }) {
  return new Promise((resolve) => {
    const restarts = [];
    let child = null;
    let port = null;
    let stopping = null;

    const onSignal = (signal) => {
      if (stopping) return;
      stopping = signal;
      if (child) child.kill(signal);
      else finish(0);
    };
    const finish = (code) => {
      process.off('SIGTERM', onSignal);
      process.off('SIGINT', onSignal);
      resolve(code);
    };
    process.on('SIGTERM', onSignal);
    process.on('SIGINT', onSignal);

    const start = () => {
      // The last --port wins in the server's option parser: a restart listens where the first child did.
      const childArgs = port === null ? args : [...args, '--port', String(port)];
      child = spawn(process.execPath, [...nodeArgs, ...childArgs], {
        env: { ...env, HOMECAM_SUPERVISED: '1' },
        stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
      });
      child.on('message', (message) => {
        if (message && message.type === 'homecam:listening' && Number.isInteger(message.port)) port = message.port;
      });
      child.once('exit', (code, signal) => {
        child = null;
        if (stopping) return finish(code ?? SIGNAL_CODES[stopping] ?? 1);
        if (code !== RESTART_EXIT_CODE) return finish(code ?? (signal ? (SIGNAL_CODES[signal] ?? 1) : 1));
        const now = Date.now();
        while (restarts.length > 0 && now - restarts[0] > RESTART_WINDOW_MS) restarts.shift();
        if (restarts.length >= MAX_RESTARTS) {
          log(`HomeCam: restarted ${MAX_RESTARTS} times within ${RESTART_WINDOW_MS / 1000} s, giving up`);
          return finish(1);
        }
        restarts.push(now);
        log('HomeCam: restarting');
        start();
      });
    };
    start();
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const rest = process.argv.slice(2);
  const split = rest.indexOf('--');
  const nodeArgs = split === -1 ? rest : rest.slice(0, split);
  const args = split === -1 ? [] : rest.slice(split + 1);
  process.exitCode = await supervise({ nodeArgs, args });
}
