import { hasForbiddenNameCharacters } from '@homecam/shared';
import { InvalidSourceError } from '../lib/ffmpeg-args/errors.js';
import type { InputOptions } from '../lib/ffmpeg-args/input.js';
import { buildStreamArgs, checkOutputOptions, initialPlan, type OutputOptions, type OutputPlan, type RemuxOptions } from '../lib/ffmpeg-args/output.js';
import { parseSource, type CameraSource } from '../lib/ffmpeg-args/source.js';
import type { InitInfo } from '../lib/fmp4/init.js';
import { planAfterUnsupportedCodec, planForCodecs } from './codec-plan.js';
import { redactorFor } from './ffmpeg/redact.js';

/** How to reach one stream of a camera. */
export interface StreamSettings {
  /** RTSP/HTTP URL, the original product's ffmpeg input args (`-rtsp_transport tcp -i rtsp://…`), or `demo:`. */
  source: string;
  input?: Omit<InputOptions, 'ffmpegMajor'>;
  output?: OutputOptions;
}

/** The hub-wide part of the arguments. */
export interface PlanContext {
  ffmpegMajor: number | null;
  demoFont: string | null;
  remux: RemuxOptions;
}

/**
 * What one stream's upstream ffmpeg is asked to do, and the re-planning of it (go2rtc's producer negotiation):
 * the camera's settings parsed once, then the output plan (copy, or transcode what MSE cannot play) revised when the
 * first init segment names the codecs or ffmpeg refuses a codec in MP4. A refused setting is the argument library's
 * InvalidSourceError; its message becomes the stream's INVALID_SOURCE reason, nothing renames it on the way.
 * The process that runs the plan is camera-stream.ts's.
 */
export class StreamPlan {
  readonly redact: (text: string) => string;
  /** Null when the settings were refused: `refusal` says why (no credentials in it). */
  readonly source: CameraSource | null = null;
  readonly refusal: string | null = null;
  private plan: OutputPlan = { video: 'copy', audio: 'copy' };

  constructor(
    camera: string,
    readonly settings: StreamSettings,
  ) {
    this.redact = redactorFor(settings.source);
    try {
      this.source = parseStreamSource(camera, settings.source);
      checkOutputOptions(settings.output);
      this.plan = initialPlan(this.source, settings.output);
    } catch (error) {
      this.source = null;
      // The library's refusals name the refused option or value; anything else may quote the URL.
      this.refusal = error instanceof InvalidSourceError ? error.message : 'invalid camera source';
    }
  }

  /** The upstream re-encodes video (camera codec not H.264, or a demo source) instead of copying it. */
  get transcoding(): boolean {
    return this.plan.video !== 'copy';
  }

  get output(): OutputPlan {
    return this.plan;
  }

  /** The ffmpeg arguments of the current plan (a new attempt may get other ones after a re-plan). */
  args(source: CameraSource, ctx: PlanContext): string[] {
    return buildStreamArgs(source, this.plan, {
      input: { ...this.settings.input, ffmpegMajor: ctx.ffmpegMajor },
      remux: ctx.remux,
      output: this.settings.output,
      demoFont: ctx.demoFont,
    });
  }

  /** The first init segment named codecs browsers do not play: true when the plan changed (one restart, then it sticks). */
  replanForCodecs(info: InitInfo): boolean {
    return this.adopt(planForCodecs(this.plan, info));
  }

  /** ffmpeg refused a codec in MP4: true when there is another plan to try (audio copy → AAC → none, video → H.264). */
  replanAfterUnsupportedCodec(stderr: string): boolean {
    return this.adopt(planAfterUnsupportedCodec(this.plan, stderr));
  }

  private adopt(next: OutputPlan | null): boolean {
    if (next) this.plan = next;
    return next !== null;
  }
}

/**
 * The source of one camera's stream. Writes refuse a camera name with a control character, a lone surrogate or a
 * bidi override (N11); a hand edit of config.json may still hold one, and that camera then stays in error
 * (INVALID_SOURCE, the message says what to rename) instead of streaming and recording under that name.
 */
function parseStreamSource(camera: string, text: string): CameraSource {
  if (hasForbiddenNameCharacters(camera)) {
    throw new InvalidSourceError('camera name: holds a control character, a lone surrogate or a bidi override/isolate; rename the camera in config.json');
  }
  return parseSource(text);
}
