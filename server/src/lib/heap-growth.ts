import { setFlagsFromString } from 'node:v8';

/** The old generation may grow to twice its live size before the next full collection (V8's own step is ~1.1×). */
export const HEAP_GROWING_PERCENT = 100;

/**
 * Lets the heap grow further between full (mark-compact) collections. Every byte of every camera passes through a
 * fresh ArrayBuffer (a pipe read of ffmpeg's output), and V8 counts those bytes against the old generation's limit:
 * with its default step (the live heap, ~47 MB, plus a few MB) 16 recorded cameras started a full collection every
 * ~2 s, marking the whole heap each time (bench:recording: a third of the server's CPU). Twice the live heap spaces
 * them ~10 s apart, for up to one live heap more of garbage buffers. The flag is read when V8 sets the next limit,
 * so setting it at start-up applies from the next collection on; a `--heap-growing-percent` given to node wins.
 */
export function growHeapBetweenCollections(execArgv: readonly string[] = process.execArgv): boolean {
  if (execArgv.some((arg) => arg.startsWith('--heap-growing-percent') || arg.startsWith('--heap_growing_percent'))) return false;
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  return true;
}
