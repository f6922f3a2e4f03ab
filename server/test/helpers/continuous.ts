import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { HomecamApp } from '../../src/app.js';
import type { Clock } from '../../src/lib/clock.js';
import { systemClock } from '../../src/lib/clock.js';
import type { SegmentRow } from '../../src/continuous/segment-index.js';

const run = promisify(execFile);

/** The system clock with an offset the test can step (backwards too): timers keep running on real time. */
export class SteppableClock implements Clock {
  offsetMs = 0;
  now = (): number => Date.now() + this.offsetMs;
  sleep = (ms: number): Promise<void> => systemClock.sleep(ms);
  setTimer = (ms: number, fn: () => void): (() => void) => systemClock.setTimer(ms, fn);
}

export interface Probe {
  codec: string;
  width: number;
  height: number;
  /** Seconds, of the container (edit lists applied). */
  duration: number;
}

export async function ffprobe(path: string): Promise<Probe> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=codec_name,width,height:format=duration', '-of', 'json', path]);
  const json = JSON.parse(stdout) as { streams: { codec_name: string; width: number; height: number }[]; format: { duration: string } };
  const stream = json.streams[0];
  if (!stream) throw new Error(`no video stream in ${path}`);
  return { codec: stream.codec_name, width: stream.width, height: stream.height, duration: Number(json.format.duration) };
}

/** Decodes the whole file; resolves with ffmpeg's error output (empty when it decodes cleanly). */
export async function decodeErrors(path: string): Promise<string> {
  const { stderr } = await run('ffmpeg', ['-v', 'error', '-i', path, '-f', 'null', '-']);
  return stderr;
}

/** All segment rows of a camera, oldest first. */
export async function segmentsOf(app: HomecamApp, camera: string): Promise<SegmentRow[]> {
  return app.homecam.database.db.selectFrom('segments').selectAll().where('camera', '=', camera).orderBy('start_ms').execute();
}

export interface ParsedPlaylist {
  durations: number[];
  dates: number[];
  maps: string[];
  ranges: { uri: string; length: number; offset: number }[];
  discontinuities: number;
  ended: boolean;
}

/** A strict-enough reader of the HLS playlists the server makes (every line must be one it knows). */
export function parsePlaylist(text: string): ParsedPlaylist {
  const lines = text.trim().split('\n');
  if (lines[0] !== '#EXTM3U') throw new Error('not an M3U8');
  const parsed: ParsedPlaylist = { durations: [], dates: [], maps: [], ranges: [], discontinuities: 0, ended: false };
  let range: { length: number; offset: number } | null = null;
  for (const line of lines.slice(1)) {
    if (/^#EXT-X-(?:VERSION|TARGETDURATION|PLAYLIST-TYPE|MEDIA-SEQUENCE):/.test(line) || line === '#EXT-X-INDEPENDENT-SEGMENTS') continue;
    if (line === '#EXT-X-DISCONTINUITY') parsed.discontinuities += 1;
    else if (line === '#EXT-X-ENDLIST') parsed.ended = true;
    else if (line.startsWith('#EXT-X-MAP:')) parsed.maps.push(line);
    else if (line.startsWith('#EXT-X-PROGRAM-DATE-TIME:')) parsed.dates.push(Date.parse(line.slice(25)));
    else if (line.startsWith('#EXTINF:')) parsed.durations.push(Number(line.slice(8).replace(/,$/, '')));
    else if (line.startsWith('#EXT-X-BYTERANGE:')) {
      const [length, offset] = line.slice(17).split('@').map(Number);
      range = { length: length ?? 0, offset: offset ?? 0 };
    } else if (!line.startsWith('#') && range) {
      parsed.ranges.push({ uri: line, ...range });
      range = null;
    } else throw new Error(`unexpected playlist line: ${line}`);
  }
  return parsed;
}
