/**
 * Process entry: options, data directory, listen, signals. Importing this module starts the server
 * (scripts/start.mjs runs the built file as a supervised child, see scripts/supervisor.mjs).
 */
import { mkdir } from 'node:fs/promises';
import { homedir } from 'node:os';
import { RESTART_EXIT_CODE } from '@homecam/shared';
import { alertChannelEnvHelp, alertChannelOptionsFromEnv } from './alerts/registry.js';
import { buildApp, type HomecamApp } from './app.js';
import { DEFAULT_PORT, OptionsError, parseRuntimeOptions, USAGE, type RuntimeOptions } from './cli/options.js';
import { warnWhenRoot } from './cli/root-warning.js';
import { connectionCapFor } from './http/connection-gate.js';
import { LOW_FD_LIMIT, readFdLimits } from './lib/fd-limit.js';
import { growHeapBetweenCollections } from './lib/heap-growth.js';
import { optimiseSteadyWorkSooner } from './lib/v8-tiering.js';
import { ConfigLoadError } from './services/config.service.js';
import { FirstStartRefusedError } from './services/user.service.js';

/** Stop must finish inside 2 s (service managers escalate to SIGKILL); past this, exit anyway. */
const SHUTDOWN_LIMIT_MS = 1_800;

function readyText(address: string): string {
  const url = address.replace('://[::]:', '://localhost:').replace('://0.0.0.0:', '://localhost:');
  return `HomeCam listening on ${url} (ready in ${Math.round(performance.now())} ms)`;
}

async function listen(app: HomecamApp, port: number, host: string | undefined): Promise<void> {
  const listenTextResolver = readyText;
  if (host) {
    await app.listen({ port, host, listenTextResolver });
    return;
  }
  try {
    // '::' takes IPv4 too on dual-stack systems.
    await app.listen({ port, host: '::', listenTextResolver });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EAFNOSUPPORT' && code !== 'EADDRNOTAVAIL') throw error;
    await app.listen({ port, host: '0.0.0.0', listenTextResolver });
  }
}

/**
 * One way out: a signal stops with 0, a restart request (Settings → System, a restore) stops the same clean way
 * and exits with RESTART_EXIT_CODE, which the start script or the process manager answers by starting again.
 */
function stopOnSignals(app: HomecamApp): void {
  let stopping = false;
  const stop = (why: Record<string, string>, exitCode: number): void => {
    if (stopping) return;
    stopping = true;
    app.log.info(why, exitCode === RESTART_EXIT_CODE ? 'HomeCam restarting' : 'HomeCam stopping');
    setTimeout(() => {
      app.log.warn('HomeCam: shutdown took too long, exiting anyway');
      process.exit(exitCode);
    }, SHUTDOWN_LIMIT_MS).unref();
    app.close().then(
      () => process.exit(exitCode),
      (error: unknown) => {
        app.log.error({ err: error }, 'HomeCam: shutdown failed');
        process.exit(1);
      },
    );
  };
  // `on`, not `once`: Ctrl-C reaches this process twice under npm start (from the terminal and passed on by the
  // supervisor); a second signal with no handler left would kill it before the clean stop ends.
  process.on('SIGTERM', (signal) => stop({ signal }, 0));
  process.on('SIGINT', (signal) => stop({ signal }, 0));
  // The start script's IPC channel closed: it is gone (killed), nobody would restart this server or stop it.
  process.once('disconnect', () => stop({ reason: 'start script gone' }, 0));
  // Deferred: the request that asked for the restart gets its answer before the server closes.
  app.homecam.bus.subscribe('RestartRequested', ({ reason }) => void setImmediate(() => stop({ reason }, RESTART_EXIT_CODE)));
}

/**
 * Something starts the server again when it exits with RESTART_EXIT_CODE: the start script (its IPC channel and
 * HOMECAM_SUPERVISED), the e2e fixture (HOMECAM_SUPERVISED=1) or systemd (INVOCATION_ID; the unit needs
 * RestartForceExitStatus=75).
 */
function isSupervised(env: NodeJS.ProcessEnv): boolean {
  return typeof process.send === 'function' || env.HOMECAM_SUPERVISED === '1' || Boolean(env.INVOCATION_ID);
}

/** Tells the start script the port this server listens on, so a restart takes the same one (`--port 0`). */
function reportListening(app: HomecamApp): void {
  const address = app.server.address();
  if (typeof process.send === 'function' && address && typeof address === 'object') {
    process.send({ type: 'homecam:listening', port: address.port });
  }
}

function fail(message: string): never {
  process.stderr.write(`HomeCam: ${message}\n`);
  process.exit(1);
}

/**
 * The open-files limit the server runs with and the connection cap derived from it (http/limits.ts). Node has
 * already raised the soft limit to the hard one; a low hard limit (a shell's `ulimit -n 1024`) is only raised
 * from outside: systemd `LimitNOFILE=`, or `ulimit -Hn` before starting (D1).
 */
function reportFdLimit(app: HomecamApp): void {
  const limits = readFdLimits();
  if (!limits) return;
  const fields = { softLimit: limits.soft, hardLimit: limits.hard ?? 'unlimited', maxConnections: connectionCapFor(limits.soft) };
  if (limits.soft < LOW_FD_LIMIT) app.log.warn(fields, 'open-files limit is low: raise LimitNOFILE= in the systemd unit (or ulimit -n) to at least 4096');
  else app.log.info(fields, 'open-files limit');
}

async function main(): Promise<void> {
  let options: RuntimeOptions & { help: boolean };
  let alertChannelOptions: ReturnType<typeof alertChannelOptionsFromEnv>;
  try {
    options = parseRuntimeOptions(process.argv.slice(2), process.env, homedir());
    alertChannelOptions = alertChannelOptionsFromEnv(process.env);
  } catch (error) {
    if (error instanceof OptionsError) fail(error.message);
    throw error;
  }
  if (options.help) {
    process.stdout.write(`${USAGE}\n${alertChannelEnvHelp()}\n`);
    return;
  }
  growHeapBetweenCollections(); // the media pipeline's garbage buffers: fewer full collections (lib/heap-growth.ts)
  optimiseSteadyWorkSooner(); // the per-fragment code runs ~10×/s per camera: optimised in a minute (lib/v8-tiering.ts)

  // 0700: the directory holds the database with password hashes and config.json with secrets.
  await mkdir(options.dataDir, { recursive: true, mode: 0o700 });
  let app: HomecamApp;
  try {
    app = await buildApp({
      dataDir: options.dataDir,
      adminPassword: options.adminPassword,
      logLevel: options.logLevel,
      trustProxy: options.trustProxy,
      webDir: options.webDir,
      push: { subject: options.pushSubject },
      analysis: { endpoint: options.rekognitionEndpoint },
      onvif: { discovery: options.onvifDiscovery },
      alertChannelOptions,
      publicUrl: options.publicUrl,
      homekit: { host: options.host },
      supervised: isSupervised(process.env),
    });
  } catch (error) {
    if (error instanceof ConfigLoadError || error instanceof FirstStartRefusedError) fail(error.message);
    throw error;
  }
  reportFdLimit(app);
  stopOnSignals(app);
  await warnWhenRoot({ uid: process.getuid?.(), env: process.env, log: app.log, notifications: app.homecam.notifications });
  await listen(app, options.port ?? app.homecam.config.get().port ?? DEFAULT_PORT, options.host);
  reportListening(app);
}

main().catch((error: unknown) => {
  fail(error instanceof Error ? (error.stack ?? error.message) : String(error));
});
