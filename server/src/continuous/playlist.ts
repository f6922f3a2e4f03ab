import type { SegmentRow } from './segment-index.js';

import { GAP_MS } from './segment-clock.js';

export { GAP_MS } from './segment-clock.js';

export type PlaylistSegment = Pick<SegmentRow, 'id' | 'start_ms' | 'end_ms' | 'bytes' | 'init_bytes' | 'init_hash'>;

/**
 * An HLS VOD playlist (RFC 8216, version 7) over finished segments: each segment file is init + fragments, so the
 * init is an EXT-X-MAP byte range of a segment with that init (repeated only when the init changes) and the media
 * an EXT-X-BYTERANGE after it. Every segment carries EXT-X-PROGRAM-DATE-TIME, so the player maps its currentTime
 * to the wall clock; a gap or an init change gets an EXT-X-DISCONTINUITY. `uri(id)` makes a segment's URL.
 */
export function buildPlaylist(segments: readonly PlaylistSegment[], uri: (id: string) => string): string {
  const target = Math.max(1, ...segments.map((segment) => Math.ceil((segment.end_ms - segment.start_ms) / 1000)));
  const lines = ['#EXTM3U', '#EXT-X-VERSION:7', `#EXT-X-TARGETDURATION:${target}`, '#EXT-X-PLAYLIST-TYPE:VOD', '#EXT-X-MEDIA-SEQUENCE:0', '#EXT-X-INDEPENDENT-SEGMENTS'];
  let previous: PlaylistSegment | null = null;
  for (const segment of segments) {
    const duration = (segment.end_ms - segment.start_ms) / 1000;
    if (duration <= 0 || segment.bytes <= segment.init_bytes) continue;
    const newInit = previous === null || previous.init_hash !== segment.init_hash;
    if (previous !== null && (newInit || segment.start_ms - previous.end_ms > GAP_MS)) lines.push('#EXT-X-DISCONTINUITY');
    if (newInit) lines.push(`#EXT-X-MAP:URI="${uri(segment.id)}",BYTERANGE="${segment.init_bytes}@0"`);
    lines.push(`#EXT-X-PROGRAM-DATE-TIME:${new Date(segment.start_ms).toISOString()}`);
    lines.push(`#EXTINF:${duration.toFixed(3)},`);
    lines.push(`#EXT-X-BYTERANGE:${segment.bytes - segment.init_bytes}@${segment.init_bytes}`);
    lines.push(uri(segment.id));
    previous = segment;
  }
  lines.push('#EXT-X-ENDLIST');
  return `${lines.join('\n')}\n`;
}
