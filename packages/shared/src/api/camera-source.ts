/**
 * The grammar of a camera source (`videoConfig.source`, `subSource`, `stillImageSource`). The text a user or
 * config.json gives is parsed into a typed value; the server builds ffmpeg's arguments from that value only,
 * never from the text. A source is one of:
 * - a URL with an allow-listed scheme: `rtsp://user:pass@192.168.1.20:554/stream1`;
 * - camera.ui's ffmpeg input arguments: `-rtsp_transport tcp -i rtsp://…`: options from a closed list with
 *   checked values, then `-i` and an allow-listed URL, nothing after it (split like a shell would split it, but
 *   never run through one);
 * - `demo:[label][?size=1280x720&fps=25&audio=1]`: ffmpeg draws a test picture with a running clock.
 * Everything else (file paths, `file:`, `pipe:`, `data:`, `concat:`, `subfile,`, lavfi, `-f tty`, output options
 * like `-vstats_file`) is refused with a message that names what was refused.
 */
import { hostReach } from '../ip-literal.js';
import { MediaSettingError, refuseLongSetting, tokenizeArgs } from './media-setting.js';

/** http(s) is allowed on purpose: MJPEG and HLS cameras. ffmpeg also gets a protocol whitelist per scheme. */
export const SOURCE_SCHEMES = ['rtsp', 'rtsps', 'rtmp', 'rtmps', 'http', 'https'] as const;
export type SourceScheme = (typeof SOURCE_SCHEMES)[number];

export const RTSP_TRANSPORT_VALUES = ['tcp', 'udp', 'udp_multicast', 'http', 'https'] as const;
export type RtspTransportValue = (typeof RTSP_TRANSPORT_VALUES)[number];
export const FFLAGS_VALUES = ['nobuffer', 'genpts', 'discardcorrupt', 'igndts', 'ignidx', 'nofillin'] as const;
/** `listen` is left out on purpose: it would turn ffmpeg into a server. */
export const RTSP_FLAGS_VALUES = ['prefer_tcp', 'filter_src'] as const;
export const MEDIA_TYPES_VALUES = ['video', 'audio', 'data'] as const;

/** Input formats (`-f`) that fit each scheme; a format that reads files or devices (tty, image2, lavfi) never does. */
export const SOURCE_FORMATS: Record<SourceScheme, readonly string[]> = {
  rtsp: ['rtsp'],
  rtsps: ['rtsp'],
  rtmp: ['flv', 'live_flv'],
  rtmps: ['flv', 'live_flv'],
  http: ['mjpeg', 'mpjpeg', 'hls', 'mpegts', 'flv', 'h264', 'hevc'],
  https: ['mjpeg', 'mpjpeg', 'hls', 'mpegts', 'flv', 'h264', 'hevc'],
};

/** The typed input options; times are µs like ffmpeg's. Each comes from exactly one option of the closed list. */
export interface SourceInputOptions {
  format?: string;
  rtspTransport?: RtspTransportValue;
  rtspFlags?: string[];
  allowedMediaTypes?: string[];
  /** Socket time-out (`-timeout`, `-stimeout` before ffmpeg 5): the server writes the name its ffmpeg knows. */
  timeoutUs?: number;
  rwTimeoutUs?: number;
  probeSize?: number;
  analyzeDurationUs?: number;
  reorderQueueSize?: number;
  maxDelayUs?: number;
  bufferSize?: number;
  fflags?: string[];
  useWallclockAsTimestamps?: boolean;
  /** `-re` is readRate 1. */
  readRate?: number;
  threadQueueSize?: number;
  reconnect?: boolean;
  reconnectStreamed?: boolean;
  reconnectAtEof?: boolean;
  reconnectDelayMaxS?: number;
}

export interface UrlSource {
  kind: 'url';
  scheme: SourceScheme;
  url: string;
  options: SourceInputOptions;
}

export interface DemoSource {
  kind: 'demo';
  label: string;
  width: number;
  height: number;
  fps: number;
  audio: boolean;
}

export type ParsedSource = UrlSource | DemoSource;

const RTSP: readonly SourceScheme[] = ['rtsp', 'rtsps'];
const HTTP: readonly SourceScheme[] = ['http', 'https'];
const ALL: readonly SourceScheme[] = SOURCE_SCHEMES;

type Value = string | number | boolean | string[];
interface OptionSpec {
  key: keyof SourceInputOptions;
  schemes: readonly SourceScheme[];
  /** Absent for flags that take no value (`-re`). */
  parse?: (value: string, scheme: SourceScheme) => Value;
}

function int(min: number, max: number): (value: string) => number {
  return (value) => {
    const n = /^\d{1,10}$/.test(value) ? Number(value) : NaN;
    if (!(n >= min && n <= max)) throw new MediaSettingError(`a whole number from ${min} to ${max}`);
    return n;
  };
}

function oneOf(values: readonly string[]): (value: string) => string {
  return (value) => {
    if (!values.includes(value)) throw new MediaSettingError(`one of ${values.join(', ')}`);
    return value;
  };
}

/** ffmpeg flag sets: `+a+b`, `a+b` or `a`; each flag from the closed set. */
function flags(values: readonly string[]): (value: string) => string[] {
  return (value) => {
    const list = value.replace(/^\+/, '').split('+');
    if (list.some((flag) => !values.includes(flag))) throw new MediaSettingError(`flags from ${values.join(', ')} joined by +`);
    return list;
  };
}

const bool = (value: string): boolean => oneOf(['0', '1'])(value) === '1';
const US = 600_000_000;

const OPTIONS: Record<string, OptionSpec> = {
  '-f': { key: 'format', schemes: ALL, parse: (value, scheme) => oneOf(SOURCE_FORMATS[scheme])(value) },
  '-rtsp_transport': { key: 'rtspTransport', schemes: RTSP, parse: oneOf(RTSP_TRANSPORT_VALUES) },
  '-rtsp_flags': { key: 'rtspFlags', schemes: RTSP, parse: flags(RTSP_FLAGS_VALUES) },
  '-allowed_media_types': { key: 'allowedMediaTypes', schemes: RTSP, parse: flags(MEDIA_TYPES_VALUES) },
  '-timeout': { key: 'timeoutUs', schemes: [...RTSP, ...HTTP], parse: int(0, US) },
  '-stimeout': { key: 'timeoutUs', schemes: RTSP, parse: int(0, US) },
  '-rw_timeout': { key: 'rwTimeoutUs', schemes: ALL, parse: int(0, US) },
  '-probesize': { key: 'probeSize', schemes: ALL, parse: int(32, 100_000_000) },
  '-analyzeduration': { key: 'analyzeDurationUs', schemes: ALL, parse: int(0, 100_000_000) },
  '-reorder_queue_size': { key: 'reorderQueueSize', schemes: RTSP, parse: int(0, 10_000) },
  '-max_delay': { key: 'maxDelayUs', schemes: ALL, parse: int(0, 60_000_000) },
  '-buffer_size': { key: 'bufferSize', schemes: RTSP, parse: int(0, 64 * 1024 * 1024) },
  '-fflags': { key: 'fflags', schemes: ALL, parse: flags(FFLAGS_VALUES) },
  '-use_wallclock_as_timestamps': { key: 'useWallclockAsTimestamps', schemes: ALL, parse: bool },
  '-re': { key: 'readRate', schemes: ALL },
  '-readrate': {
    key: 'readRate',
    schemes: ALL,
    parse: (value) => {
      const n = /^\d{1,2}(?:\.\d{1,3})?$/.test(value) ? Number(value) : NaN;
      if (!(n >= 0.1 && n <= 10)) throw new MediaSettingError('a number from 0.1 to 10');
      return n;
    },
  },
  '-thread_queue_size': { key: 'threadQueueSize', schemes: ALL, parse: int(1, 65_536) },
  '-reconnect': { key: 'reconnect', schemes: HTTP, parse: bool },
  '-reconnect_streamed': { key: 'reconnectStreamed', schemes: HTTP, parse: bool },
  '-reconnect_at_eof': { key: 'reconnectAtEof', schemes: HTTP, parse: bool },
  '-reconnect_delay_max': { key: 'reconnectDelayMaxS', schemes: HTTP, parse: int(0, 600) },
};

/** The input options a source may carry, for messages and documentation. */
export const SOURCE_OPTION_NAMES = Object.keys(OPTIONS);

function refuse(message: string): MediaSettingError {
  return new MediaSettingError(`camera source: ${message}`);
}

/** Parses a camera source; throws MediaSettingError naming the refused option or value. */
export function parseCameraSource(text: string): ParsedSource {
  refuseLongSetting(text, 'camera source');
  const trimmed = text.trim();
  if (!trimmed) throw refuse('the source is empty');
  if (/^demo:/i.test(trimmed)) return parseDemo(trimmed.slice(5));
  if (!trimmed.startsWith('-')) return { kind: 'url', ...checkUrl(trimmed), options: {} };
  const tokens = tokenizeArgs(trimmed);
  const inputAt = tokens.indexOf('-i');
  if (inputAt < 0) throw refuse('the arguments need -i <URL>');
  if (tokens.lastIndexOf('-i') !== inputAt) throw refuse('only one -i is allowed');
  const input = tokens[inputAt + 1];
  if (input === undefined) throw refuse('-i must be followed by the URL');
  const { scheme, url } = checkUrl(input);
  const after = tokens[inputAt + 2];
  if (after !== undefined) throw refuse(`nothing may follow the input, found "${shown(after)}"`);
  return { kind: 'url', scheme, url, options: parseOptions(tokens.slice(0, inputAt), scheme) };
}

function parseOptions(tokens: string[], scheme: SourceScheme): SourceInputOptions {
  const options: Record<string, Value> = {};
  for (let i = 0; i < tokens.length; i++) {
    const name = tokens[i] ?? '';
    const spec = Object.hasOwn(OPTIONS, name) ? OPTIONS[name] : undefined;
    if (!spec) {
      if (!name.startsWith('-')) throw refuse(`unexpected value "${shown(name)}" (options start with -)`);
      throw refuse(`option ${shown(name)} is not allowed (allowed: ${SOURCE_OPTION_NAMES.join(' ')})`);
    }
    if (!spec.schemes.includes(scheme)) throw refuse(`option ${name} does not apply to ${scheme}:// sources`);
    if (options[spec.key] !== undefined) throw refuse(`option ${name} is given twice`);
    if (!spec.parse) {
      options[spec.key] = 1;
      continue;
    }
    const value = tokens[++i];
    if (value === undefined) throw refuse(`option ${name} needs a value`);
    try {
      options[spec.key] = spec.parse(value, scheme);
    } catch (error) {
      const expected = error instanceof MediaSettingError ? error.message : 'a valid value';
      throw refuse(`option ${name} "${shown(value)}" is not valid: expected ${expected}`);
    }
  }
  return options;
}

/**
 * An allow-listed scheme, a host, no white space or control characters. ffmpeg chooses the protocol by the
 * text before `:`, so this also rules out `file:`, `pipe:`, `data:`, `concat:`, `subfile,…` and plain paths.
 */
function checkUrl(text: string): { scheme: SourceScheme; url: string } {
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  const match = /[\u0000-\u001f\u007f]/.test(text) ? null : /^([a-z][a-z0-9+.-]*):\/\/(\S+)$/i.exec(text);
  if (!match) throw refuse(`the input must be a URL (${SOURCE_SCHEMES.join(', ')}), found "${shown(text)}"`);
  const scheme = (match[1] ?? '').toLowerCase();
  if (!(SOURCE_SCHEMES as readonly string[]).includes(scheme)) {
    throw refuse(`URL scheme "${shown(scheme)}" is not allowed (allowed: ${SOURCE_SCHEMES.join(', ')})`);
  }
  const host = sourceHost(match[2] ?? '');
  if (host === null) throw refuse('the URL has no valid host');
  if (hostReach(host) === 'metadata') {
    throw refuse(`the host ${shown(host)} is link-local or a cloud metadata address, never a camera`);
  }
  return { scheme: scheme as SourceScheme, url: text };
}

/**
 * The host of a source URL after `scheme://` (an IPv6 literal keeps its brackets), or null when there is no
 * valid one. The last '@' before the path ends the user info (a password may hold an unencoded '@').
 */
function sourceHost(rest: string): string | null {
  const query = rest.search(/[?#]/);
  const beforeQuery = query < 0 ? rest : rest.slice(0, query);
  const authority = beforeQuery.slice(beforeQuery.lastIndexOf('@') + 1).split('/')[0] ?? '';
  const match = /^(\[[0-9a-f:.]+(?:%[a-z0-9_.~-]+)?\]|[a-z0-9._~-]+)(?::\d{1,5})?$/i.exec(authority);
  return match?.[1] ?? null;
}

/** The host of a parsed URL source (`demo:` has none), for the rules that depend on where it leads. */
export function urlSourceHost(source: ParsedSource): string | null {
  if (source.kind !== 'url') return null;
  return sourceHost(source.url.slice(source.url.indexOf('://') + 3));
}

/** A refused token as it may appear in a message: never a URL's user info, never long. */
function shown(token: string): string {
  const noUser = token.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/?#]*@/i, '$1***@');
  return noUser.length > 80 ? `${noUser.slice(0, 77)}...` : noUser;
}

function parseDemo(rest: string): DemoSource {
  const [rawLabel = '', query = ''] = rest.split('?', 2);
  const params = new URLSearchParams(query);
  const label = safeDecode(rawLabel).replace(/[^\p{L}\p{N} _.-]/gu, '').slice(0, 32) || 'Demo';
  const [width, height] = (params.get('size') ?? '1280x720').split('x').map(Number);
  const fps = Number(params.get('fps') ?? 25);
  const even = (n: number | undefined): n is number => Number.isInteger(n) && n! >= 16 && n! <= 3840 && n! % 2 === 0;
  if (!even(width) || !even(height)) throw refuse('demo size must be WIDTHxHEIGHT, even numbers from 16 to 3840');
  if (!Number.isInteger(fps) || fps < 1 || fps > 60) throw refuse('demo fps must be 1..60');
  return { kind: 'demo', label, width, height, fps, audio: !['0', 'false', 'no'].includes(params.get('audio') ?? '') };
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
