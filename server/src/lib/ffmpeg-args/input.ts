import type { SourceInputOptions } from '@homecam/shared';
import { isRtsp, type CameraSource, type DemoSource, type UrlSource } from './source.js';

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
  /** RTP packets held to reorder UDP input, default 500; not used over TCP/HTTP (nothing to reorder there). */
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
 * Input arguments (everything up to and including `-i <URL>`) for a URL source, built from its typed value
 * only. Options written into the source win over the camera's fields; ours are only added when absent.
 * `-protocol_whitelist` always comes first: ffmpeg may then open only the protocols of the source's scheme, so
 * an HLS playlist or an RTSP redirect cannot make it read `file:` or any other protocol.
 */
export function buildInputArgs(source: CameraSource, options: InputOptions = {}, demoFont: string | null = null): string[] {
  if (source.kind === 'demo') return buildDemoInputArgs(source, demoFont);
  const given = source.options;
  const major = options.ffmpegMajor ?? 5;
  const rtsp = isRtsp(source.url);
  const http = source.scheme === 'http' || source.scheme === 'https';
  const timeout = options.timeoutUs ?? INPUT_DEFAULTS.timeoutUs;
  const merged: SourceInputOptions = {
    ...(rtsp ? { rtspTransport: options.rtspTransport ?? INPUT_DEFAULTS.rtspTransport } : {}),
    ...(rtsp && timeout > 0 ? { timeoutUs: timeout } : {}),
    ...(http && timeout > 0 && given.timeoutUs === undefined ? { rwTimeoutUs: timeout } : {}),
    ...(rtsp && overUdp(given.rtspTransport ?? options.rtspTransport ?? INPUT_DEFAULTS.rtspTransport)
      ? { reorderQueueSize: options.reorderQueueSize ?? INPUT_DEFAULTS.reorderQueueSize }
      : {}),
    probeSize: options.probeSize ?? INPUT_DEFAULTS.probeSize,
    analyzeDurationUs: options.analyzeDurationUs ?? INPUT_DEFAULTS.analyzeDurationUs,
    ...(options.maxDelayUs !== undefined ? { maxDelayUs: options.maxDelayUs } : {}),
    ...(options.readRate !== undefined ? { readRate: options.readRate } : {}),
    ...given,
  };
  return ['-protocol_whitelist', protocolWhitelist(source, merged), ...inputOptionArgs(merged, rtsp, major), '-i', source.url];
}

/**
 * Whether RTP comes over UDP, the only transport where packets can arrive out of order, so the only one where a
 * reorder queue helps. Over TCP (and the HTTP tunnels) ffmpeg's own default is no queue: with one, a sequence
 * number the camera skipped (it dropped a packet) is waited for until the queue is full; for a 47-packets/s AAC
 * track that froze the whole output for ~10 s (measured against the simulator).
 */
function overUdp(transport: RtspTransport): boolean {
  return transport === 'udp' || transport === 'udp_multicast';
}

/** The protocols ffmpeg may open for a source: its scheme and what that scheme is carried over, nothing else. */
export function protocolWhitelist(source: UrlSource, options: SourceInputOptions = source.options): string {
  const list: string[] = [source.scheme];
  if (source.scheme === 'rtsp' || source.scheme === 'rtsps') {
    list.push('rtp', 'srtp', 'udp', 'tcp');
    if (options.rtspTransport === 'http' || options.rtspTransport === 'https') list.push('http', 'https');
  } else if (source.scheme === 'rtmp' || source.scheme === 'rtmps') {
    list.push('tcp');
  } else {
    list.push(source.scheme === 'http' ? 'https' : 'http', 'tcp');
    const hls = options.format === 'hls' || /\.m3u8?(?:$|[?#])/i.test(source.url);
    if (hls) list.push('hls', 'crypto');
  }
  if (source.scheme.endsWith('s') || list.includes('https')) list.push('tls');
  return [...new Set(list)].join(',');
}

/** The typed input options as ffmpeg arguments, in a fixed order. */
function inputOptionArgs(o: SourceInputOptions, rtsp: boolean, major: number): string[] {
  const args: string[] = [];
  const add = (name: string, value: string | number | undefined): void => {
    if (value !== undefined) args.push(name, String(value));
  };
  const bool = (value: boolean | undefined): string | undefined => (value === undefined ? undefined : value ? '1' : '0');
  add('-f', o.format);
  add('-rtsp_transport', o.rtspTransport);
  add('-rtsp_flags', o.rtspFlags?.join('+'));
  add('-allowed_media_types', o.allowedMediaTypes?.join('+'));
  // Before ffmpeg 5 the RTSP socket time-out was -stimeout; there -timeout meant "listen" (a server!).
  add(rtsp && major < 5 ? '-stimeout' : '-timeout', o.timeoutUs);
  add('-rw_timeout', o.rwTimeoutUs);
  add('-reorder_queue_size', o.reorderQueueSize);
  add('-buffer_size', o.bufferSize);
  add('-probesize', o.probeSize);
  add('-analyzeduration', o.analyzeDurationUs);
  add('-max_delay', o.maxDelayUs);
  add('-fflags', o.fflags ? `+${o.fflags.join('+')}` : undefined);
  add('-use_wallclock_as_timestamps', bool(o.useWallclockAsTimestamps));
  add('-thread_queue_size', o.threadQueueSize);
  add('-reconnect', bool(o.reconnect));
  add('-reconnect_streamed', bool(o.reconnectStreamed));
  add('-reconnect_at_eof', bool(o.reconnectAtEof));
  add('-reconnect_delay_max', o.reconnectDelayMaxS);
  if (o.readRate !== undefined) {
    if (major >= 5) add('-readrate', o.readRate);
    else if (o.readRate === 1) args.push('-re');
  }
  return args;
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
