import { parseEncoderOptions, parseStreamMap, parseVideoCodec, parseVideoFilter } from './camera-output.js';
import { parseCameraSource } from './camera-source.js';
import { MediaSettingError } from './media-setting.js';
import { cameraNameIssues, cameraSchema, looksLikeSource, type Camera } from './cameras.js';
import { cameraOnvifIssues } from './onvif.js';

/** One refused media setting of a camera: the dotted key and a message naming the refused option or value. */
export interface MediaIssue {
  path: string;
  message: string;
}

type VideoConfigKey = 'source' | 'subSource' | 'stillImageSource' | 'vcodec' | 'encoderOptions' | 'videoFilter' | 'mapvideo' | 'mapaudio';

/** The `videoConfig` keys whose values reach ffmpeg (and are checked by cameraMediaIssues). */
export const MEDIA_FIELD_KEYS: readonly VideoConfigKey[] = [
  'source', 'subSource', 'stillImageSource', 'vcodec', 'encoderOptions', 'videoFilter', 'mapvideo', 'mapaudio',
];

const SOURCE_KEYS = new Set<VideoConfigKey>(['source', 'subSource', 'stillImageSource']);

/** Every `videoConfig` field that reaches ffmpeg, with the parser of its grammar. */
const MEDIA_FIELDS: [VideoConfigKey, (text: string) => unknown][] = [
  ['source', parseCameraSource],
  ['subSource', parseCameraSource],
  ['stillImageSource', parseCameraSource],
  ['vcodec', parseVideoCodec],
  ['encoderOptions', parseEncoderOptions],
  ['videoFilter', parseVideoFilter],
  ['mapvideo', parseStreamMap],
  ['mapaudio', parseStreamMap],
];

/**
 * The settings of a camera that would reach ffmpeg but fall outside their grammar. Writes (API, PATCH
 * /api/config) refuse a camera with any; config.json may still hold one (a hand edit): the stream hub then puts
 * that camera in error with the same message and the others keep running.
 */
export function cameraMediaIssues(camera: Pick<Camera, 'videoConfig'> | { videoConfig?: unknown }): MediaIssue[] {
  const issues: MediaIssue[] = [];
  if (camera.videoConfig === null || typeof camera.videoConfig !== 'object') return issues;
  const v = camera.videoConfig as Partial<Record<VideoConfigKey, unknown>>;
  for (const [key, parse] of MEDIA_FIELDS) {
    const value = v[key];
    if (typeof value !== 'string' || (key !== 'source' && value.trim() === '')) continue;
    if (value.trim() === '') continue; // FIELD_REQUIRED comes from the schema
    if (SOURCE_KEYS.has(key) && !looksLikeSource(value.trim())) {
      issues.push({ path: `videoConfig.${key}`, message: 'SOURCE_INVALID' });
      continue;
    }
    try {
      parse(value);
    } catch (error) {
      if (!(error instanceof MediaSettingError)) throw error;
      issues.push({ path: `videoConfig.${key}`, message: error.message });
    }
  }
  return issues;
}

/** `cameraSchema` plus the media grammar and the name rule: what the API and the settings form accept for a camera. */
export const cameraWriteSchema = cameraSchema.superRefine((camera, ctx) => {
  for (const issue of [...cameraNameIssues(camera), ...cameraMediaIssues(camera), ...cameraOnvifIssues(camera)]) {
    ctx.addIssue({ code: 'custom', path: issue.path.split('.'), message: issue.message });
  }
});
