import type { ErrorCode } from '@homecam/shared';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker, type ResourceLimits } from 'node:worker_threads';
import { AppError } from '../errors/app-error.js';
import type { RestoreJob, RestoreJobResult } from './restore-job.js';

export type RestoreWorkerReply =
  | { ok: true; result: RestoreJobResult }
  | { ok: false; error: { code?: ErrorCode; message: string; details?: unknown } };

/** A hostile archive may make the worker's heap grow (a huge manifest); past this it stops, the server does not. */
const WORKER_LIMITS: ResourceLimits = { maxOldGenerationSizeMb: 768 };

/**
 * The worker of this build: the compiled `restore-worker.js`, or from the TypeScript sources (tests, `npm run dev`)
 * `restore-worker.ts` loaded through tsx, with @homecam/shared from its sources as the parent resolves it.
 */
function startWorker(job: RestoreJob): Worker {
  const here = fileURLToPath(import.meta.url);
  if (!here.endsWith('.ts')) return new Worker(new URL('./restore-worker.js', import.meta.url), { workerData: job, resourceLimits: WORKER_LIMITS });
  const entry = pathToFileURL(join(dirname(here), 'restore-worker.ts')).href;
  const tsx = pathToFileURL(join(dirname(createRequire(import.meta.url).resolve('tsx/package.json')), 'dist/esm/api/index.mjs')).href;
  const boot = `import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(boot, { eval: true, workerData: job, resourceLimits: WORKER_LIMITS, execArgv: ['--conditions=source'] });
}

function revive(error: Extract<RestoreWorkerReply, { ok: false }>['error']): Error {
  return error.code ? new AppError(error.code, error.message, error.details) : new Error(`restore worker: ${error.message}`);
}

/** Runs a restore job in its own worker thread and settles with its reply; the worker ends with the job. */
export function runRestoreInWorker(job: RestoreJob): Promise<RestoreJobResult> {
  return new Promise((resolve, reject) => {
    const worker = startWorker(job);
    worker.once('message', (message: RestoreWorkerReply) => {
      if (message.ok) resolve(message.result);
      else reject(revive(message.error));
      void worker.terminate();
    });
    worker.once('error', (error: Error & { code?: string }) => {
      if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') reject(new AppError('BACKUP_TOO_LARGE', 'checking the archive needs more memory than a restore may use'));
      else reject(error);
    });
    worker.once('exit', (code) => reject(new Error(`the restore worker stopped (exit code ${code}) without an answer`)));
  });
}
