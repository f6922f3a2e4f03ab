import type { ChildProcess } from 'node:child_process';

const live = new Set<ChildProcess>();
let hooked = false;

/**
 * Registers a child to be SIGKILLed when the Node process exits (normal exit, process.exit, or an
 * uncaught exception). If Node itself is SIGKILLed, ffmpeg still ends: its stdout pipe closes and its next
 * write fails. Returns the function that unregisters the child once it has exited.
 */
export function killWithParent(child: ChildProcess): () => void {
  if (!hooked) {
    hooked = true;
    process.once('exit', () => {
      for (const c of live) c.kill('SIGKILL');
    });
  }
  live.add(child);
  return () => {
    live.delete(child);
  };
}

/** Children of this process that are still registered (for tests and diagnostics). */
export function liveChildCount(): number {
  return live.size;
}
