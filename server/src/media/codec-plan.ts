import type { OutputPlan } from '../lib/ffmpeg-args/output.js';
import type { InitInfo } from '../lib/fmp4/init.js';

/**
 * The plan to use once the camera's first init segment shows its codecs, or null to keep the current one.
 * MSE in the browsers we target plays H.264 + AAC: other video is transcoded to H.264, other audio to AAC.
 */
export function planForCodecs(plan: OutputPlan, info: InitInfo): OutputPlan | null {
  const next = { ...plan };
  if (info.video && plan.video === 'copy' && !/^avc[13]\./.test(info.video.codec)) next.video = 'h264';
  if (info.audio && plan.audio === 'copy' && !info.audio.codec.startsWith('mp4a.')) next.audio = 'aac';
  return next.video !== plan.video || next.audio !== plan.audio ? next : null;
}

const AUDIO_CODEC = /codec (?:pcm_|adpcm_|g72|amr|speex|nellymoser|mp2|mp3|ac3|eac3|opus|vorbis|flac|alac|gsm)/i;

/**
 * The plan after ffmpeg refused a codec in MP4 ("Could not find tag for codec pcm_alaw ..."): audio goes
 * copy → AAC → none; video (rare: the tag names a non-audio codec) goes to H.264. Null when nothing is left to try.
 */
export function planAfterUnsupportedCodec(plan: OutputPlan, stderr: string): OutputPlan | null {
  const audio = AUDIO_CODEC.test(stderr);
  if (!audio && plan.video === 'copy') return { ...plan, video: 'h264' };
  if (plan.audio === 'none') return null;
  return { ...plan, audio: plan.audio === 'copy' ? 'aac' : 'none' };
}
