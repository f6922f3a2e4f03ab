import { isRtsp, sourceInput, type CameraSource, type DemoSource } from './source.js';

export type RtspTransport = 'tcp' | 'udp' | 'udp_multicast' | 'http' | 'https';

export interface InputOptions {
  /** Default 'tcp': no packet loss, works through NAT; 'udp' only for cameras that need it. */
  rtspTransport?: RtspTransport;
  /** Socket I/O time-out in µs (RTSP/HTTP), default 5,000,000. 0 disables. */
  timeoutUs?: number;
  /** Bytes ffmpeg may read to detect the streams, default 5,000,000. */
  probeSize?: number;
  /** µs of media ffmpeg may analyse to detect the streams, default 5,000,000. */
  analyzeDurationUs?: number;
  /** RTP packets held to reorder UDP input, default 500. */
  reorderQueueSize?: number;
  /** Demuxer max delay in µs; unset = ffmpeg's default. */
  maxDelayUs?: number;
  /** Read at this multiple of the native rate (1 = real time); for file inputs. Unset for live cameras. */
  readRate?: number;
  /** FFmpeg major version: before 5.0 the RTSP socket time-out was `-stimeout` (`-timeout` meant "listen"!). */
  ffmpegMajor?: number | null;
}

export const INPUT_DEFAULTS = {
  rtspTransport: 'tcp',
  timeoutUs: 5_000_000,
  probeSize: 5_000_000,
  analyzeDurationUs: 5_000_000,
  reorderQueueSize: 500,
} as const;

export const DEFAULT_DEMO_FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';

/**
 * Input arguments (everything up to and including `-i <input>`) for a URL or args source. Options the user
 * wrote into an args source win over ours; ours are only added when absent.
 */
export function buildInputArgs(source: CameraSource, options: InputOptions = {}, demoFont: string | null = null): string[] {
  if (source.kind === 'demo') return buildDemoInputArgs(source, demoFont);
  const input = sourceInput(source) ?? '';
  const given = source.kind === 'args' ? source.options : [];
  const has = (name: string): boolean => given.includes(name);
  const args: string[] = [];
  const add = (name: string, value: string | number | undefined): void => {
    if (value !== undefined && !has(name)) args.push(name, String(value));
  };

  const major = options.ffmpegMajor ?? 5;
  const rtsp = isRtsp(input);
  const http = /^https?:\/\//i.test(input);
  if (rtsp) {
    add('-rtsp_transport', options.rtspTransport ?? INPUT_DEFAULTS.rtspTransport);
    const timeout = options.timeoutUs ?? INPUT_DEFAULTS.timeoutUs;
    const timeoutName = major >= 5 ? '-timeout' : '-stimeout';
    if (timeout > 0 && !has('-timeout') && !has('-stimeout')) add(timeoutName, timeout);
    add('-reorder_queue_size', options.reorderQueueSize ?? INPUT_DEFAULTS.reorderQueueSize);
  } else if (http) {
    const timeout = options.timeoutUs ?? INPUT_DEFAULTS.timeoutUs;
    if (timeout > 0) add('-rw_timeout', timeout);
  }
  add('-probesize', options.probeSize ?? INPUT_DEFAULTS.probeSize);
  add('-analyzeduration', options.analyzeDurationUs ?? INPUT_DEFAULTS.analyzeDurationUs);
  add('-max_delay', options.maxDelayUs);
  if (options.readRate !== undefined && !has('-re') && !has('-readrate')) {
    if (major >= 5) args.push('-readrate', String(options.readRate));
    else if (options.readRate === 1) args.push('-re');
  }
  return [...given, ...args, '-i', input];
}

/**
 * Two lavfi inputs: testsrc2 (moving pattern) with the label and a wall clock drawn on it when a font is
 * available, and a 440 Hz sine. `-re` makes lavfi produce in real time like a camera would.
 */
export function buildDemoInputArgs(source: DemoSource, fontFile: string | null): string[] {
  const filters = [`testsrc2=size=${source.width}x${source.height}:rate=${source.fps}`];
  if (fontFile && /^[^':\\,;[\]]+$/.test(fontFile)) {
    const size = Math.max(12, Math.round(source.height / 20));
    // %{localtime} prints "YYYY-MM-DD HH:MM:SS" without any format escaping; the label is sanitised by parseSource.
    filters.push(
      `drawtext=fontfile=${fontFile}:text='${source.label} %{localtime}':x=${size}:y=${size}:fontsize=${size}` +
        `:fontcolor=white:box=1:boxcolor=black@0.6:boxborderw=${Math.round(size / 3)}`,
    );
  }
  const args = ['-re', '-f', 'lavfi', '-i', filters.join(',')];
  if (source.audio) args.push('-re', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000');
  return args;
}
