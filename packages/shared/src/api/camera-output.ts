import { MediaSettingError, refuseLongSetting, tokenizeArgs } from './media-setting.js';

/**
 * The grammar of a camera's output settings (`videoConfig.vcodec`, `encoderOptions`, `videoFilter`,
 * `mapvideo`, `mapaudio`). camera.ui passed them to ffmpeg as raw arguments; here each is parsed into a typed
 * choice from a closed set, and the server builds the arguments from that choice only.
 */

/** H.264 encoders only: the browser (MSE) plays H.264. `copy` passes the camera's video through. */
export const VIDEO_CODECS = [
  'copy',
  'libx264',
  'h264_vaapi',
  'h264_v4l2m2m',
  'h264_omx',
  'h264_nvenc',
  'h264_qsv',
  'h264_videotoolbox',
  'h264_amf',
  'h264_mf',
  'h264_rkmpp',
] as const;
export type VideoCodec = (typeof VIDEO_CODECS)[number];

export function parseVideoCodec(text: string): VideoCodec {
  refuseLongSetting(text, 'video codec');
  const value = text.trim();
  if (!(VIDEO_CODECS as readonly string[]).includes(value)) {
    throw new MediaSettingError(`video codec: "${short(value)}" is not allowed (allowed: ${VIDEO_CODECS.join(', ')})`);
  }
  return value as VideoCodec;
}

/** `0:v:0`, `0:a`, `0:1`, `0:a:0?`: input 0 (1 is the demo's tone), optional type and index, optional `?`. */
const STREAM_MAP = /^[01](?::[va])?(?::\d{1,2})?\??$/;

export function parseStreamMap(text: string): string {
  refuseLongSetting(text, 'stream map');
  const value = text.trim();
  if (!STREAM_MAP.test(value)) throw new MediaSettingError(`stream map: "${short(value)}" is not allowed (use e.g. 0:v:0 or 0:a:0?)`);
  return value;
}

const PRESETS = [
  'ultrafast', 'superfast', 'veryfast', 'faster', 'fast', 'medium', 'slow', 'slower', 'veryslow',
  'p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7', 'default', 'hp', 'hq', 'll', 'llhq', 'llhp',
];
const TUNES = ['zerolatency', 'film', 'animation', 'grain', 'stillimage', 'fastdecode', 'psnr', 'ssim', 'hq', 'll', 'ull'];
const PROFILES = ['baseline', 'constrained_baseline', 'main', 'high'];
const PIXEL_FORMATS = ['yuv420p', 'yuvj420p', 'nv12'];

type Check = (value: string) => boolean;
const within = (min: number, max: number): Check => (value) => /^\d{1,6}$/.test(value) && Number(value) >= min && Number(value) <= max;
const among = (values: readonly string[]): Check => (value) => values.includes(value);
const bitrate: Check = (value) => /^\d{1,6}[kM]?$/.test(value) && value !== '0';

/** Encoder options a camera may set, with the value each accepts (described for the error message). */
const ENCODER_OPTIONS: Record<string, { check: Check; expected: string }> = {
  '-preset': { check: among(PRESETS), expected: PRESETS.join(', ') },
  '-tune': { check: among(TUNES), expected: TUNES.join(', ') },
  '-crf': { check: within(0, 51), expected: '0..51' },
  '-qp': { check: within(0, 51), expected: '0..51' },
  '-profile:v': { check: among(PROFILES), expected: PROFILES.join(', ') },
  '-level': { check: (v) => /^[1-5](?:\.[0-2])?$/.test(v), expected: 'a level like 3.1 or 4.1' },
  '-level:v': { check: (v) => /^[1-5](?:\.[0-2])?$/.test(v), expected: 'a level like 3.1 or 4.1' },
  '-b:v': { check: bitrate, expected: 'a bit rate like 2000k' },
  '-maxrate': { check: bitrate, expected: 'a bit rate like 2000k' },
  '-bufsize': { check: bitrate, expected: 'a bit rate like 4000k' },
  '-g': { check: within(1, 1000), expected: '1..1000' },
  '-bf': { check: within(0, 16), expected: '0..16' },
  '-threads': { check: within(0, 64), expected: '0..64' },
  '-pix_fmt': { check: among(PIXEL_FORMATS), expected: PIXEL_FORMATS.join(', ') },
};

export const ENCODER_OPTION_NAMES = Object.keys(ENCODER_OPTIONS);

/** `[name, value]` pairs, each name at most once, from the closed list. */
export type EncoderOption = readonly [name: string, value: string];

export function parseEncoderOptions(text: string): EncoderOption[] {
  const tokens = tokenizeArgs(text, 'encoder options');
  const options: EncoderOption[] = [];
  for (let i = 0; i < tokens.length; i += 2) {
    const name = tokens[i] ?? '';
    const value = tokens[i + 1];
    const spec = Object.hasOwn(ENCODER_OPTIONS, name) ? ENCODER_OPTIONS[name] : undefined;
    if (!spec) throw new MediaSettingError(`encoder options: option ${short(name)} is not allowed (allowed: ${ENCODER_OPTION_NAMES.join(' ')})`);
    if (options.some(([given]) => given === name)) throw new MediaSettingError(`encoder options: option ${name} is given twice`);
    if (value === undefined || !spec.check(value)) {
      throw new MediaSettingError(`encoder options: option ${name} "${short(value ?? '')}" is not valid: expected ${spec.expected}`);
    }
    options.push([name, value]);
  }
  return options;
}

export type VideoFilter =
  | { name: 'scale'; width: number; height: number }
  | { name: 'fps'; fps: number }
  | { name: 'transpose'; direction: number }
  | { name: 'hflip' }
  | { name: 'vflip' }
  | { name: 'crop'; width: number; height: number; x?: number; y?: number }
  | { name: 'format'; pixelFormat: string };

const TRANSPOSE = ['cclock_flip', 'clock', 'cclock', 'clock_flip'];
const SIZE = /^(?:-1|-2|\d{1,4})$/;
const WHOLE = /^\d{1,4}$/;

/**
 * A filter chain from a small closed set, comma separated: `scale=W:H` (-1/-2 keep the aspect), `fps=N`,
 * `transpose=0..3` (or clock, cclock, …), `hflip`, `vflip`, `crop=W:H[:X:Y]`, `format=yuv420p|nv12`. No filter
 * that reads files or URLs (`movie=`, `amovie=`), no expressions, no filter options beyond these numbers.
 */
export function parseVideoFilter(text: string): VideoFilter[] {
  refuseLongSetting(text, 'video filter');
  const trimmed = text.trim();
  if (!trimmed) return [];
  return trimmed.split(',').map((part) => parseFilter(part.trim()));
}

function parseFilter(part: string): VideoFilter {
  const [name = '', args = '', extra] = part.split('=');
  const values = args.split(':');
  const nums = (pattern: RegExp, count: number[]): number[] | null =>
    extra === undefined && count.includes(values.length) && values.every((v) => pattern.test(v)) ? values.map(Number) : null;
  switch (name) {
    case 'scale': {
      const n = nums(SIZE, [2]);
      if (n && n[0] !== 0 && n[1] !== 0) return { name, width: n[0] ?? -1, height: n[1] ?? -1 };
      break;
    }
    case 'fps': {
      const n = nums(/^\d{1,3}$/, [1]);
      if (n && (n[0] ?? 0) >= 1 && (n[0] ?? 0) <= 120) return { name, fps: n[0] ?? 1 };
      break;
    }
    case 'transpose': {
      const index = TRANSPOSE.indexOf(args);
      if (extra === undefined && (index >= 0 || /^[0-3]$/.test(args))) return { name, direction: index >= 0 ? index : Number(args) };
      break;
    }
    case 'hflip':
    case 'vflip':
      if (part === name) return { name };
      break;
    case 'crop': {
      const n = nums(WHOLE, [2, 4]);
      if (n) return n.length === 4 ? { name, width: n[0] ?? 0, height: n[1] ?? 0, x: n[2] ?? 0, y: n[3] ?? 0 } : { name, width: n[0] ?? 0, height: n[1] ?? 0 };
      break;
    }
    case 'format':
      if (extra === undefined && PIXEL_FORMATS.includes(args)) return { name, pixelFormat: args };
      break;
  }
  throw new MediaSettingError(
    `video filter: "${short(part)}" is not allowed (allowed: scale=W:H, fps=N, transpose=0..3, hflip, vflip, crop=W:H[:X:Y], format=yuv420p|nv12)`,
  );
}

/** The ffmpeg text of a parsed filter chain (built from the typed values only). */
export function videoFilterText(filters: readonly VideoFilter[]): string {
  return filters
    .map((f) => {
      switch (f.name) {
        case 'scale':
          return `scale=${f.width}:${f.height}`;
        case 'fps':
          return `fps=${f.fps}`;
        case 'transpose':
          return `transpose=${f.direction}`;
        case 'hflip':
        case 'vflip':
          return f.name;
        case 'crop':
          return f.x === undefined ? `crop=${f.width}:${f.height}` : `crop=${f.width}:${f.height}:${f.x}:${f.y ?? 0}`;
        case 'format':
          return `format=${f.pixelFormat}`;
      }
    })
    .join(',');
}

function short(text: string): string {
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
