// A worker thread that runs a TypeScript module (workerData.module): tsx compiles it, as vitest would.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.module);
