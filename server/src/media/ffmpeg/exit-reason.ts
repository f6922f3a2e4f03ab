import type { ProcessExit } from './process-exit.js';

/** Why a stream is not streaming; stable codes for the UI to translate. */
export type StreamProblem =
  | 'CONNECTION_REFUSED'
  | 'UNREACHABLE'
  | 'TIMEOUT'
  | 'UNAVAILABLE'
  | 'UNAUTHORIZED'
  | 'PATH_NOT_FOUND'
  | 'STREAM_ENDED'
  | 'STALLED'
  | 'NO_OUTPUT'
  | 'INVALID_DATA'
  | 'UNSUPPORTED_CODEC'
  | 'INVALID_OPTIONS'
  | 'INVALID_SOURCE'
  | 'FFMPEG_UNAVAILABLE'
  | 'FFMPEG_FAILED';

export interface StreamProblemInfo {
  code: StreamProblem;
  /** Short English text for admins; from ffmpeg's last error line when there is one. Already redacted. */
  message: string;
  /** Retrying will not help until the configuration changes (state 'error' rather than 'offline'). */
  config: boolean;
}

const RULES: { test: RegExp; code: StreamProblem; config?: boolean; text: string }[] = [
  { test: /\b401\b|unauthori[sz]ed|authori[sz]ation failed/i, code: 'UNAUTHORIZED', config: true, text: 'the camera refused the credentials' },
  { test: /\b404\b|stream not found/i, code: 'PATH_NOT_FOUND', config: true, text: 'the camera does not know this stream path' },
  { test: /connection refused/i, code: 'CONNECTION_REFUSED', text: 'the camera refused the connection' },
  { test: /no route to host|network is unreachable|host is down|name or service not known|name resolution|could not resolve/i, code: 'UNREACHABLE', text: 'the camera is not reachable' },
  { test: /timed? ?out/i, code: 'TIMEOUT', text: 'the camera did not answer in time' },
  { test: /\b503\b|service unavailable/i, code: 'UNAVAILABLE', text: 'the camera is busy (503)' },
  { test: /could not find tag for codec|not currently supported in container|codec not currently supported/i, code: 'UNSUPPORTED_CODEC', config: true, text: 'the camera codec cannot be put into MP4' },
  { test: /unrecognized option|option \S+ not found|error splitting the argument list|invalid option|undefined constant/i, code: 'INVALID_OPTIONS', config: true, text: 'ffmpeg rejected the source options' },
  { test: /invalid data found/i, code: 'INVALID_DATA', text: 'the camera sent data ffmpeg cannot read' },
];

/** Classifies an upstream exit into a state reason, without credentials (stderr is redacted upstream). */
export function describeExit(exit: ProcessExit): StreamProblemInfo {
  switch (exit.reason) {
    case 'spawn-failed':
      return { code: 'FFMPEG_UNAVAILABLE', message: `ffmpeg could not be started${exit.error ? `: ${exit.error}` : ''}`, config: true };
    case 'stalled':
      return { code: 'STALLED', message: 'the camera stopped sending video', config: false };
    case 'first-output-timeout':
      return { code: 'NO_OUTPUT', message: lastLine(exit.stderr) || 'no video from the camera in time', config: false };
    case 'exited':
    case 'stopped':
    case 'restarted':
      break;
  }
  const last = lastLine(exit.stderr);
  for (const rule of RULES) {
    if (rule.test.test(exit.stderr)) return { code: rule.code, message: last || rule.text, config: rule.config ?? false };
  }
  if (!last && exit.code === 0) return { code: 'STREAM_ENDED', message: 'the camera ended the stream', config: false };
  return { code: 'FFMPEG_FAILED', message: last || `ffmpeg exited with ${exit.signal ?? `code ${exit.code}`}`, config: false };
}

function lastLine(text: string): string {
  const lines = text.split('\n').map((l) => l.trim()).filter(Boolean);
  const line = lines.at(-1) ?? '';
  return line.length > 300 ? `${line.slice(0, 297)}...` : line;
}
