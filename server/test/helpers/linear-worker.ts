import { parentPort } from 'node:worker_threads';
import { HELPERS, INPUTS } from './linear-cases.js';

/**
 * Runs one helper on one hostile input per message, on its own thread: the test's thread keeps the clock and
 * terminates this one when a call passes its deadline (a quadratic pattern would otherwise hold the test for minutes).
 */
export interface LinearCase {
  helper: string;
  input: string;
}
export interface LinearAnswer {
  ms: number;
  /** Characters in all the strings of the result: the helpers' outputs are bounded, whatever the input. */
  outputLength: number;
}

const texts = new Map<string, string>();

/** The characters of every string (keys too) in a value. */
function textLength(value: unknown): number {
  if (typeof value === 'string') return value.length;
  if (value === null || typeof value !== 'object') return 0;
  return Object.entries(value).reduce((sum, [key, item]) => sum + (Array.isArray(value) ? 0 : key.length) + textLength(item), 0);
}
const port = parentPort;
if (!port) throw new Error('linear-worker runs as a worker thread');

port.on('message', ({ helper, input }: LinearCase) => {
  const run = HELPERS[helper];
  const make = INPUTS[input];
  if (!run || !make) throw new Error(`no helper ${helper} or input ${input}`);
  let text = texts.get(input);
  if (text === undefined) texts.set(input, (text = make()));
  const call = run(text);
  const started = performance.now();
  const output = call();
  const ms = performance.now() - started;
  port.postMessage({ ms, outputLength: textLength(output) } satisfies LinearAnswer);
});
port.postMessage('ready');
