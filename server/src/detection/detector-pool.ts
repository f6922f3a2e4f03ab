import type { Worker } from 'node:worker_threads';
import type { Box } from './geometry.js';
import type { ModelSpec } from './model.js';
import { defaultPoolSize, startDetectWorker } from './worker-start.js';
import { transferListOf, type Detection, type WorkerPicture, type WorkerReply, type WorkerRequest, type WorkerSetup } from './worker-protocol.js';

export interface DetectorPoolOptions {
  model: ModelSpec;
  /** Worker threads; default max(1, cores − 1), at most 4. */
  size?: number;
  /** A frame waiting longer than this is stale and dropped. Default 2 s. */
  maxWaitMs?: number;
  /** A worker that has not answered in this long is ended and replaced. Default 15 s. */
  jobTimeoutMs?: number;
  /** Monotonic ms for the age of waiting frames; default performance.now (tests move it). */
  now?: () => number;
  /** For tests: how a worker is started. */
  startWorker?: (setup: WorkerSetup) => Worker;
  log?: { warn(context: object, message: string): void };
}

export interface PoolDetections {
  detections: Detection[];
  width: number;
  height: number;
  cpuMs: number;
  /** With `transfer`: the picture handed back, its buffers the caller's again. */
  picture?: WorkerPicture | undefined;
}

/**
 * `transfer`: hand the picture's buffers to the worker instead of copying them (the main thread's copy is the
 * only one); they come back with the answer. Until then the caller must not touch them. Only for buffers of
 * their own (not views into a larger buffer other code still reads).
 */
export interface HandOver {
  transfer?: boolean;
}

export interface PoolStats {
  workers: number;
  busy: number;
  waiting: number;
  done: number;
  /** Frames replaced by a newer one of the same camera, or too old when a worker was free. */
  dropped: number;
  failed: number;
  /** CPU time of all detections so far (ms). */
  cpuMs: number;
  model: string | null;
  inputSize: number | null;
}

type Request = WorkerRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

interface Job {
  request: Request;
  transfer: ArrayBuffer[];
  queuedAt: number;
  resolve: (reply: WorkerReply | null) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  job: Job | null;
  timer: NodeJS.Timeout | null;
}

/**
 * A pool of detector worker threads (the main thread never runs a model). Each camera has a queue of ONE waiting
 * frame: a newer frame replaces it (the older one resolves null, counted as dropped), so a camera that moves
 * faster than detection never builds a backlog. Free workers take the cameras in turn; snapshot encodings go first.
 * A worker that dies or hangs is replaced; its job fails.
 */
export class DetectorPool {
  private readonly slots: Slot[] = [];
  private readonly waiting = new Map<string, Job>();
  private readonly urgent: Job[] = [];
  private readonly counters = { done: 0, dropped: 0, failed: 0, cpuMs: 0 };
  private nextId = 1;
  private info: { model: string; inputSize: number } | null = null;
  private closed = false;

  private readonly now: () => number;

  constructor(private readonly options: DetectorPoolOptions) {
    this.now = options.now ?? (() => performance.now());
  }

  /** Starts the workers; resolves once every one has loaded the model, rejects when the model cannot load. */
  async start(): Promise<{ model: string; inputSize: number; loadMs: number }> {
    const size = this.options.size ?? defaultPoolSize();
    const ready = await Promise.all(Array.from({ length: size }, () => this.spawn()));
    return ready[0]!;
  }

  /** The detections in `picture` inside `crop` (absent: the whole frame), or null when a newer frame replaced it. */
  async detect(camera: string, picture: WorkerPicture, crop?: Box, handOver: HandOver = {}): Promise<PoolDetections | null> {
    const reply = await this.enqueue(camera, { type: 'detect', picture, crop, returnPicture: handOver.transfer === true }, handOver);
    if (!reply || reply.type !== 'detect') return null;
    return { detections: reply.detections, width: reply.width, height: reply.height, cpuMs: reply.cpuMs, picture: reply.picture };
  }

  /** The picture as a JPEG with the boxes outlined, encoded in a worker (and the picture, when handed over). */
  async snapshot(picture: WorkerPicture, boxes: Box[], options: HandOver & { quality?: number; maxWidth?: number } = {}): Promise<{ jpeg: Buffer; picture?: WorkerPicture | undefined }> {
    const request = { type: 'jpeg' as const, picture, boxes, quality: options.quality ?? 80, maxWidth: options.maxWidth ?? 1280, returnPicture: options.transfer === true };
    const reply = await this.enqueue(null, request, options);
    if (!reply || reply.type !== 'jpeg') throw new Error('snapshot encoding failed');
    return { jpeg: Buffer.from(reply.jpeg.buffer, reply.jpeg.byteOffset, reply.jpeg.byteLength), picture: reply.picture };
  }

  stats(): PoolStats {
    return {
      workers: this.slots.length,
      busy: this.slots.filter((s) => s.job).length,
      waiting: this.waiting.size + this.urgent.length,
      ...this.counters,
      model: this.info?.model ?? null,
      inputSize: this.info?.inputSize ?? null,
    };
  }

  /** Ends every worker; waiting and running jobs fail. */
  async close(): Promise<void> {
    this.closed = true;
    const error = new Error('detector pool closed');
    for (const job of [...this.waiting.values(), ...this.urgent]) job.reject(error);
    this.waiting.clear();
    this.urgent.length = 0;
    // a copy: retire() takes each slot out of this.slots
    await Promise.all([...this.slots].map((slot) => this.retire(slot, error)));
  }

  private enqueue(camera: string | null, request: Request, handOver: HandOver): Promise<WorkerReply | null> {
    if (this.closed) return Promise.reject(new Error('detector pool closed'));
    return new Promise((resolve, reject) => {
      const transfer = handOver.transfer ? transferListOf(request.picture) : [];
      const job: Job = { request, transfer, queuedAt: this.now(), resolve, reject };
      if (camera === null) {
        if (this.urgent.length >= 32) return reject(new Error('too many snapshots waiting'));
        this.urgent.push(job);
      } else {
        const stale = this.waiting.get(camera);
        if (stale) {
          this.counters.dropped += 1;
          stale.resolve(null);
        }
        // delete + set: the camera goes to the back of the turn order
        this.waiting.delete(camera);
        this.waiting.set(camera, job);
      }
      this.dispatch();
    });
  }

  private nextJob(): Job | undefined {
    const urgent = this.urgent.shift();
    if (urgent) return urgent;
    const maxWait = this.options.maxWaitMs ?? 2_000;
    for (const [camera, job] of this.waiting) {
      this.waiting.delete(camera);
      if (this.now() - job.queuedAt <= maxWait) return job;
      this.counters.dropped += 1;
      job.resolve(null);
    }
    return undefined;
  }

  private dispatch(): void {
    for (const slot of this.slots) {
      if (slot.job) continue;
      const job = this.nextJob();
      if (!job) return;
      this.run(slot, job);
    }
  }

  private run(slot: Slot, job: Job): void {
    const id = this.nextId++;
    slot.job = job;
    slot.timer = setTimeout(() => void this.replace(slot, new Error('detector worker did not answer in time')), this.options.jobTimeoutMs ?? 15_000);
    const message: WorkerRequest = { ...job.request, id };
    slot.worker.postMessage(message, job.transfer);
  }

  private onReply(slot: Slot, reply: WorkerReply): void {
    const job = slot.job;
    if (!job || !('id' in reply)) return;
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.job = null;
    if (reply.type === 'error') {
      this.counters.failed += 1;
      job.reject(new Error(`detection failed: ${reply.message}`));
    } else {
      if (reply.type === 'detect') {
        this.counters.done += 1;
        this.counters.cpuMs += reply.cpuMs;
      }
      job.resolve(reply);
    }
    this.dispatch();
  }

  /** Starts one worker and waits for its model. */
  private spawn(): Promise<{ model: string; inputSize: number; loadMs: number }> {
    const worker = (this.options.startWorker ?? startDetectWorker)({ model: this.options.model });
    const slot: Slot = { worker, job: null, timer: null };
    this.slots.push(slot);
    return new Promise((resolve, reject) => {
      let ready = false;
      worker.on('message', (reply: WorkerReply) => {
        if (reply.type === 'ready') {
          ready = true;
          this.info = { model: reply.model, inputSize: reply.inputSize };
          resolve(reply);
          this.dispatch();
        } else if (reply.type === 'load-failed') {
          reject(new Error(`detection model did not load: ${reply.message}`));
          void this.retire(slot, new Error(reply.message));
        } else {
          this.onReply(slot, reply);
        }
      });
      worker.on('error', (error) => {
        if (!ready) reject(error);
        void this.replace(slot, error);
      });
      worker.on('exit', (code) => {
        if (!ready) reject(new Error(`detector worker exited (${code}) before its model loaded`));
        else if (this.slots.includes(slot)) void this.replace(slot, new Error(`detector worker exited (${code})`));
      });
    });
  }

  /** Ends a worker, failing its job. */
  private async retire(slot: Slot, error: Error): Promise<void> {
    const index = this.slots.indexOf(slot);
    if (index >= 0) this.slots.splice(index, 1);
    if (slot.timer) clearTimeout(slot.timer);
    if (slot.job) {
      this.counters.failed += 1;
      slot.job.reject(error);
      slot.job = null;
    }
    await slot.worker.terminate();
  }

  /** A worker died or hung: its job fails, a fresh worker takes its place. */
  private async replace(slot: Slot, error: Error): Promise<void> {
    if (!this.slots.includes(slot)) return;
    this.options.log?.warn({ error: error.message }, 'detector worker replaced');
    await this.retire(slot, error);
    if (this.closed) return;
    await this.spawn().catch((spawnError: unknown) => this.options.log?.warn({ error: String(spawnError) }, 'detector worker could not be restarted'));
  }
}
