/** How a supervised child ended: what SupervisedProcess reports and exit-reason.ts turns into a stream problem. */
export type ExitReason =
  /** The process ended by itself (camera closed the stream, ffmpeg error). */
  | 'exited'
  /** No stdout within firstOutputTimeoutMs of the start. */
  | 'first-output-timeout'
  /** stdout went quiet for stallTimeoutMs. */
  | 'stalled'
  /** The binary could not be started (ENOENT, EACCES). */
  | 'spawn-failed'
  /** stop() was called. */
  | 'stopped'
  /** restart() was called. */
  | 'restarted';

export interface ProcessExit {
  reason: ExitReason;
  code: number | null;
  signal: NodeJS.Signals | null;
  /** The last ~4 KB of stderr, passed through `redact`. */
  stderr: string;
  /** Spawn error message (redacted), for 'spawn-failed'. */
  error?: string;
  runMs: number;
  /** stdout produced at least one byte. */
  hadOutput: boolean;
  /** A new attempt will follow (after `retry`). */
  willRetry: boolean;
}
