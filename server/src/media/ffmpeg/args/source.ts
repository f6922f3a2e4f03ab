import { MediaError } from '../../errors.js';
import { redactUrl } from '../redact.js';

/**
 * What a camera stream reads from. The configured text is one of:
 * - a URL: `rtsp://user:pass@192.168.1.20:554/stream1` (also rtsps, rtmp(s), http(s), srt, udp, tcp);
 * - the original product's ffmpeg input arguments: `-rtsp_transport tcp -i rtsp://...` (options, then `-i`,
 *   then the input; nothing after it), split like a shell would split it but never run through one;
 * - `demo:[label][?size=1280x720&fps=25&audio=1]`: ffmpeg generates a test picture with a running clock.
 */
export type CameraSource =
  | { kind: 'url'; url: string }
  | { kind: 'args'; options: string[]; input: string }
  | DemoSource;

export interface DemoSource {
  kind: 'demo';
  label: string;
  width: number;
  height: number;
  fps: number;
  audio: boolean;
}

const URL_SCHEMES = new Set(['rtsp', 'rtsps', 'rtmp', 'rtmps', 'http', 'https', 'srt', 'udp', 'tcp']);
const OPTION_NAME = /^-[A-Za-z0-9_][A-Za-z0-9_:.+-]*$/;
/** Options that would change our output, logging or process behaviour rather than describe the input. */
const FORBIDDEN_OPTIONS = new Set([
  '-y', '-n', '-map', '-c', '-codec', '-vf', '-af', '-filter_complex', '-lavfi', '-loglevel', '-v', '-report',
  '-progress', '-stats', '-nostats', '-stdin', '-nostdin', '-filter_script', '-filter_complex_script', '-dump',
]);

export function parseSource(text: string): CameraSource {
  const trimmed = text.trim();
  if (!trimmed) throw invalid('the source is empty');
  if (/^demo:/i.test(trimmed)) return parseDemo(trimmed.slice(5));
  if (trimmed.startsWith('-')) return parseArgs(trimmed);
  checkUrl(trimmed);
  return { kind: 'url', url: trimmed };
}

/** The input URL or path the source reads (for RTSP-only options and for redaction). */
export function sourceInput(source: CameraSource): string | null {
  switch (source.kind) {
    case 'url':
      return source.url;
    case 'args':
      return source.input;
    case 'demo':
      return null;
  }
}

export function isRtsp(input: string | null): boolean {
  return input !== null && /^rtsps?:\/\//i.test(input);
}

function parseArgs(text: string): CameraSource {
  const tokens = tokenizeArgs(text);
  const inputAt = tokens.indexOf('-i');
  if (inputAt < 0 || tokens.lastIndexOf('-i') !== inputAt) throw invalid('the arguments need exactly one -i <input>');
  const input = tokens[inputAt + 1];
  if (input === undefined || input.startsWith('-')) throw invalid('-i must be followed by the input');
  if (inputAt + 2 < tokens.length) throw invalid('nothing may follow the input (only input options before -i)');
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(input)) checkUrl(input);
  const options = tokens.slice(0, inputAt);
  for (let i = 0; i < options.length; i++) {
    const token = options[i] ?? '';
    if (!token.startsWith('-') || /^-\d/.test(token)) {
      if (i === 0 || !(options[i - 1] ?? '').startsWith('-')) throw invalid(`unexpected value "${token}"`);
      continue;
    }
    if (!OPTION_NAME.test(token)) throw invalid(`bad option name "${token}"`);
    if (FORBIDDEN_OPTIONS.has(token)) throw invalid(`option ${token} is not allowed in a camera source`);
  }
  return { kind: 'args', options, input };
}

function checkUrl(url: string): void {
  const scheme = /^([a-z][a-z0-9+.-]*):\/\/[^\s]+$/i.exec(url)?.[1]?.toLowerCase();
  if (!scheme) throw invalid(`not a URL: ${redactUrl(url)}`);
  if (!URL_SCHEMES.has(scheme)) throw invalid(`unsupported URL scheme "${scheme}"`);
}

function parseDemo(rest: string): DemoSource {
  const [rawLabel = '', query = ''] = rest.split('?', 2);
  const params = new URLSearchParams(query);
  const label = safeDecode(rawLabel).replace(/[^\p{L}\p{N} _.-]/gu, '').slice(0, 32) || 'Demo';
  const [width, height] = (params.get('size') ?? '1280x720').split('x').map(Number);
  const fps = Number(params.get('fps') ?? 25);
  const even = (n: number | undefined): n is number => Number.isInteger(n) && n! >= 16 && n! <= 3840 && n! % 2 === 0;
  if (!even(width) || !even(height)) throw invalid('demo size must be WIDTHxHEIGHT, even numbers from 16 to 3840');
  if (!Number.isInteger(fps) || fps < 1 || fps > 60) throw invalid('demo fps must be 1..60');
  return { kind: 'demo', label, width, height, fps, audio: !['0', 'false', 'no'].includes(params.get('audio') ?? '') };
}

/**
 * Splits an argument string like a POSIX shell would (whitespace, 'single', "double" quotes, backslash escapes),
 * without expansion of any kind. Throws INVALID_SOURCE on an unterminated quote or a control character.
 */
export function tokenizeArgs(text: string): string[] {
  const tokens: string[] = [];
  let current = '';
  let inToken = false;
  let quote: '"' | "'" | null = null;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charAt(i);
    const code = ch.charCodeAt(0);
    if (code < 9 || (code > 13 && code < 32) || code === 127) throw invalid('control characters are not allowed');
    if (quote === "'") {
      if (ch === "'") quote = null;
      else current += ch;
    } else if (quote === '"') {
      if (ch === '"') quote = null;
      else if (ch === '\\' && (text[i + 1] === '"' || text[i + 1] === '\\')) current += text.charAt(++i);
      else current += ch;
    } else if (ch === "'" || ch === '"') {
      quote = ch;
      inToken = true;
    } else if (ch === '\\' && i + 1 < text.length) {
      current += text.charAt(++i);
      inToken = true;
    } else if (/\s/.test(ch)) {
      if (inToken) tokens.push(current);
      current = '';
      inToken = false;
    } else {
      current += ch;
      inToken = true;
    }
  }
  if (quote) throw invalid('unterminated quote');
  if (inToken) tokens.push(current);
  return tokens;
}

function invalid(message: string): MediaError {
  return new MediaError('INVALID_SOURCE', `invalid camera source: ${message}`);
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
