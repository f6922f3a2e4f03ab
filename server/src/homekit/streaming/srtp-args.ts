import { isIP } from 'node:net';

/**
 * ffmpeg arguments of one HomeKit live session: the hub's fMP4 on stdin → H.264 RTP, SRTP-encrypted to the
 * controller. Every value comes from hap-nodejs' typed request (numbers) or from us (SSRC, key); each is checked or
 * clamped here, so nothing reaches the command line unparsed. Pure: no I/O, unit-tested.
 */

/** HomeKit's one mandatory SRTP suite; the key is 16 bytes, the salt 14 (RFC 3711 AES-CM-128). */
export const SRTP_SUITE = 'AES_CM_128_HMAC_SHA1_80';
const KEY_BYTES = 16;
const SALT_BYTES = 14;

/** H.264 profile_idc of baseline, main and high: HAP's H264Profile 0, 1, 2 index this. */
const PROFILE_IDC = [66, 77, 100] as const;
const PROFILE_NAME = ['baseline', 'main', 'high'] as const;
/** HAP's H264Level 0, 1, 2 = 3.1, 3.2, 4.0. */
const LEVEL_NAME = ['3.1', '3.2', '4.0'] as const;

export interface SrtpTarget {
  address: string;
  port: number;
  /** Key (16 bytes) followed by salt (14 bytes), as ffmpeg's -srtp_out_params wants them (base64). */
  keyAndSalt: Buffer;
}

export interface VideoRequest {
  width: number;
  height: number;
  fps: number;
  /** kbit/s */
  maxBitrate: number;
  payloadType: number;
  ssrc: number;
  mtu: number;
  /** HAP H264Profile: 0 baseline, 1 main, 2 high. */
  profile: number;
  /** HAP H264Level: 0 3.1, 1 3.2, 2 4.0. */
  level: number;
}

/** What the hub delivers: its init segment's video track. */
export interface SourceVideo {
  /** RFC 6381: 'avc1.640028', 'hvc1…' */
  codec: string;
  width?: number | undefined;
  height?: number | undefined;
}

export class SrtpRequestError extends Error {}

const clamp = (value: number, min: number, max: number): number => (Number.isFinite(value) ? Math.min(max, Math.max(min, Math.round(value))) : min);
const even = (value: number): number => value - (value % 2);

/** The request's numbers within what HomeKit can ask for (HAP: up to 1920×1080 at 30 fps) and ffmpeg accepts. */
export function normalizeVideo(request: VideoRequest): VideoRequest {
  return {
    width: even(clamp(request.width, 160, 1920)),
    height: even(clamp(request.height, 90, 1080)),
    fps: clamp(request.fps, 1, 30),
    maxBitrate: clamp(request.maxBitrate, 50, 8_000),
    payloadType: clamp(request.payloadType, 0, 127),
    ssrc: clamp(request.ssrc, 0, 0x7fffffff),
    // HomeKit asks for 1378 (IPv4) or 1228 (IPv6); 0 (absent) would make ffmpeg's packetizer fail.
    mtu: clamp(request.mtu || 1378, 188, 1500),
    profile: clamp(request.profile, 0, 2),
    level: clamp(request.level, 0, 2),
  };
}

/** The controller's address and port as an srtp:// URL; anything but an IP literal of the right family is refused. */
export function srtpUrl(target: SrtpTarget, mtu: number, family: 'ipv4' | 'ipv6'): string {
  const version = isIP(target.address);
  if (version !== (family === 'ipv6' ? 6 : 4)) throw new SrtpRequestError(`not an ${family} address: ${JSON.stringify(target.address.slice(0, 64))}`);
  if (!Number.isInteger(target.port) || target.port < 1 || target.port > 65535) throw new SrtpRequestError(`bad RTP port ${target.port}`);
  const host = version === 6 ? `[${target.address}]` : target.address;
  // RTCP on the same port (rtcp-mux), as HomeKit does; pkt_size bounds each UDP packet by the controller's MTU.
  return `srtp://${host}:${target.port}?rtcpport=${target.port}&pkt_size=${mtu}`;
}

/** Key + salt from the prepare request, checked: a wrong length would make ffmpeg fail late and vaguely. */
export function srtpKeyAndSalt(key: Buffer, salt: Buffer): Buffer {
  if (key.length !== KEY_BYTES || salt.length !== SALT_BYTES) throw new SrtpRequestError(`SRTP key/salt of ${key.length}/${salt.length} bytes, want ${KEY_BYTES}/${SALT_BYTES}`);
  return Buffer.concat([key, salt]);
}

const profileIdcOf = (codec: string): number | null => {
  const match = /^avc[13]\.([0-9a-f]{2})/i.exec(codec);
  return match?.[1] ? parseInt(match[1], 16) : null;
};

/**
 * Copy (no decoding, ~1 % CPU) when the hub already carries H.264 whose profile the controller accepts and whose
 * picture is no larger than asked for; otherwise x264 (≈14 % of a core at 720p on this machine) to the request.
 */
export function canCopy(source: SourceVideo, video: VideoRequest): boolean {
  const idc = profileIdcOf(source.codec);
  if (idc === null || idc > (PROFILE_IDC[video.profile] ?? 66)) return false;
  if (!source.width || !source.height) return false;
  return source.width <= video.width && source.height <= video.height;
}

export interface SessionArgsOptions {
  copy: boolean;
  video: VideoRequest;
  target: SrtpTarget;
  family: 'ipv4' | 'ipv6';
}

/** The whole command line after `ffmpeg`. Input: fMP4 from the hub on stdin, nothing else may be read. */
export function buildSrtpArgs({ copy, video: requested, target, family }: SessionArgsOptions): string[] {
  const video = normalizeVideo(requested);
  const url = srtpUrl(target, video.mtu, family);
  const input = ['-hide_banner', '-loglevel', 'error', '-protocol_whitelist', 'pipe', '-fflags', '+nobuffer', '-f', 'mp4', '-i', 'pipe:0'];
  const map = ['-map', '0:v:0', '-an', '-sn', '-dn'];
  const codec = copy
    ? ['-c:v', 'copy']
    : [
        '-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency',
        '-profile:v', PROFILE_NAME[video.profile] ?? 'baseline', '-level:v', LEVEL_NAME[video.level] ?? '3.1',
        '-pix_fmt', 'yuv420p', '-vf', `scale=${video.width}:${video.height}:force_original_aspect_ratio=decrease:force_divisible_by=2`,
        '-r', String(video.fps), '-g', String(video.fps * 2),
        '-b:v', `${video.maxBitrate}k`, '-maxrate', `${video.maxBitrate}k`, '-bufsize', `${video.maxBitrate * 2}k`,
      ];
  const rtp = [
    '-bsf:v', 'h264_mp4toannexb',
    '-payload_type', String(video.payloadType), '-ssrc', String(video.ssrc),
    '-f', 'rtp', '-srtp_out_suite', SRTP_SUITE, '-srtp_out_params', target.keyAndSalt.toString('base64'), url,
  ];
  return [...input, ...map, ...codec, ...rtp];
}
