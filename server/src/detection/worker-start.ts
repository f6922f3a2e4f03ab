import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker, type ResourceLimits } from 'node:worker_threads';
import type { WorkerSetup } from './worker-protocol.js';

/** A worker's JS heap (the model's weights live in WASM memory, outside it). */
const WORKER_LIMITS: ResourceLimits = { maxOldGenerationSizeMb: 256 };

/** Workers by default: one core is left to video and the server, at least one worker, at most `cap`. */
export function defaultPoolSize(cores = availableParallelism(), cap = 4): number {
  return Math.max(1, Math.min(cap, cores - 1));
}

/**
 * The worker of this build: the compiled `detect-worker.js`, or from the TypeScript sources (tests, `npm run dev`)
 * `detect-worker.ts` through tsx, with @homecam/shared from its sources as the parent resolves it.
 */
export function startDetectWorker(setup: WorkerSetup): Worker {
  const here = fileURLToPath(import.meta.url);
  if (!here.endsWith('.ts')) return new Worker(new URL('./detect-worker.js', import.meta.url), { workerData: setup, resourceLimits: WORKER_LIMITS });
  const entry = pathToFileURL(join(dirname(here), 'detect-worker.ts')).href;
  const tsx = pathToFileURL(join(dirname(createRequire(import.meta.url).resolve('tsx/package.json')), 'dist/esm/api/index.mjs')).href;
  const boot = `import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(boot, { eval: true, workerData: setup, resourceLimits: WORKER_LIMITS, execArgv: ['--conditions=source'] });
}
