import { Worker } from 'node:worker_threads';
import type { LinearAnswer, LinearCase } from './linear-worker.js';

const BOOT = new URL('./ts-worker.mjs', import.meta.url);
const MODULE = new URL('./linear-worker.ts', import.meta.url).href;

/** A call that did not answer before its deadline; its worker was terminated. */
export class DeadlineExceeded extends Error {
  override name = 'DeadlineExceeded';
}

/**
 * Sends cases to linear-worker.ts one at a time and waits at most `deadlineMs` for each answer; past it the worker is
 * terminated (V8 interrupts even a running regular expression) and the next case gets a fresh one.
 */
export class DeadlineWorker {
  private worker: Promise<Worker> | null = null;

  async run(testCase: LinearCase, deadlineMs: number): Promise<LinearAnswer> {
    const worker = await (this.worker ??= this.start());
    return new Promise<LinearAnswer>((resolve, reject) => {
      const timer = setTimeout(() => {
        cleanup();
        this.worker = null;
        void worker.terminate();
        reject(new DeadlineExceeded(`${testCase.helper} on "${testCase.input}" did not finish within ${deadlineMs} ms`));
      }, deadlineMs);
      const onMessage = (answer: LinearAnswer) => {
        cleanup();
        resolve(answer);
      };
      const onError = (error: Error) => {
        cleanup();
        this.worker = null;
        reject(error);
      };
      const cleanup = () => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
      };
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.postMessage(testCase);
    });
  }

  async close(): Promise<void> {
    const worker = await this.worker;
    this.worker = null;
    await worker?.terminate();
  }

  /** Resolves once the worker has loaded its modules, so loading never counts against a deadline. */
  private start(): Promise<Worker> {
    const worker = new Worker(BOOT, { execArgv: ['--conditions=source'], workerData: { module: MODULE } });
    return new Promise((resolve, reject) => {
      worker.once('message', () => resolve(worker));
      worker.once('error', reject);
    });
  }
}
