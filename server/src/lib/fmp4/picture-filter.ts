import { parseFragment, type FragmentInfo } from './fragment.js';
import { readRuns, writeRuns } from './fragment-rewrite.js';
import type { TrackInfo } from './init.js';
import { hasPicture, nalCodecOf, parameterSetUnits, type NalCodec } from './nal-units.js';
import { readSamples, type Sample } from './samples.js';

/** Parameter sets waiting for the next picture: a bound for a stream that sends sets and never a picture. */
const MAX_CARRIED_UNITS = 32;

/**
 * Keeps video samples without a coded picture out of the stream. When a camera stops in the middle of a frame (an
 * outage, a restart), ffmpeg's RTSP reader hands on what it had of the next frame as an access unit of its own, e.g.
 * just the access unit delimiter, and the MP4 muxer writes that as a sample: a decoder then reports "missing
 * picture in access unit" and a recording holds a frame that is none. Such a sample is removed: its time goes to
 * the picture before it in the fragment (else the fragment starts that much later, at the next picture's own
 * time), and parameter sets in it go in front of the next picture of the same upstream run, so a decoder still
 * reads them before the picture they are for.
 *
 * Cost: a fragment whose samples all hold pictures (nearly every one) is read once, one step per NAL unit, and
 * passed on as it came; only a fragment with a picture-less sample (or carried sets) is rebuilt.
 */
export class PictureFilter {
  private carried: Buffer[] = [];

  /** A new upstream run: its init segment brings its own parameter sets, the old run's carried ones are void. */
  newRun(): void {
    this.carried = [];
  }

  /** The fragment as it came, or rebuilt without picture-less video samples; null when nothing is left of it. */
  apply(data: Buffer, info: FragmentInfo, tracks: readonly TrackInfo[]): { data: Buffer; info: FragmentInfo } | null {
    const video = tracks.find((t) => t.kind === 'video');
    const codec = video ? nalCodecOf(video.sampleEntry) : null;
    const lengthSize = video?.nalLengthSize;
    if (!video || !codec || !lengthSize || !info.trafs.some((t) => t.trackId === video.id && t.sampleCount > 0)) return { data, info };
    if (this.carried.length === 0 && readSamples(data, tracks, video.id).every((s) => hasPicture(s.data, lengthSize, codec))) return { data, info };
    const runs = readRuns(data, tracks);
    if (!runs) return { data, info }; // a layout ffmpeg does not write: passed on untouched rather than guessed at
    for (const run of runs.runs) if (run.trackId === video.id) run.samples = this.keepPictures(run.samples, lengthSize, codec);
    const rewritten = writeRuns(runs);
    return rewritten ? { data: rewritten, info: parseFragment(rewritten, tracks) } : null;
  }

  private keepPictures(samples: readonly Sample[], lengthSize: number, codec: NalCodec): Sample[] {
    const kept: Sample[] = [];
    for (const sample of samples) {
      if (hasPicture(sample.data, lengthSize, codec)) {
        kept.push(this.carried.length > 0 ? { ...sample, data: Buffer.concat([...this.carried.splice(0), sample.data]) } : sample);
        continue;
      }
      for (const unit of parameterSetUnits(sample.data, lengthSize, codec)) this.carried.push(Buffer.from(unit));
      if (this.carried.length > MAX_CARRIED_UNITS) this.carried.splice(0, this.carried.length - MAX_CARRIED_UNITS);
      const previous = kept.at(-1);
      if (previous) kept[kept.length - 1] = { ...previous, duration: previous.duration + sample.duration };
    }
    return kept;
  }
}
