import { parentPort, workerData } from 'node:worker_threads';
import { isAppError } from '../errors/app-error.js';
import { runRestoreJob, type RestoreJob } from './restore-job.js';
import type { RestoreWorkerReply } from './restore-worker-client.js';

/**
 * Entry of the restore worker thread (N3): the archive is inflated, parsed, hashed, unpacked and checked here, so
 * the server's main thread keeps answering whatever the upload holds. One job per worker; the reply is its only message.
 */
function reply(message: RestoreWorkerReply): void {
  parentPort?.postMessage(message);
}

runRestoreJob(workerData as RestoreJob).then(
  (result) => reply({ ok: true, result }),
  (error: unknown) =>
    reply({
      ok: false,
      error: isAppError(error)
        ? { code: error.code, message: error.message, details: error.details }
        : { message: error instanceof Error ? error.message : String(error) },
    }),
);
