import { Fmp4StreamParser } from '../../lib/fmp4/stream-parser.js';
import type { MediaItem } from '../../media/index.js';
import { generateFmp4, type FixtureOptions } from '../../lib/fmp4/test-support/fmp4-fixture.js';

/**
 * A whole fMP4 (a clip file, ffmpeg's output) split into the items a hub consumer yields: the init segment, then
 * its fragments with their keyframe flag and times, received now. Tests and benches feed these to real consumers.
 */
export function mediaItemsOf(fmp4: Buffer): MediaItem[] {
  const items: MediaItem[] = [];
  for (const segment of new Fmp4StreamParser().push(fmp4)) {
    if (segment.type === 'init') {
      const { info } = segment;
      items.push({ type: 'init', data: segment.data, codecs: info.codecs, mimeType: info.mimeType, info });
    } else {
      const { keyframe, timestamp, duration } = segment.info;
      items.push({ type: 'fragment', data: segment.data, keyframe, timestamp, duration, receivedAt: Date.now() });
    }
  }
  return items;
}

/** A real fMP4 clip (ffmpeg from lavfi) split into the items a hub consumer yields: init, then fragments. */
export async function fixtureItems(options: FixtureOptions = {}): Promise<MediaItem[]> {
  return mediaItemsOf(await generateFmp4(options));
}
