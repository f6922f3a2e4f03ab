import type { CameraStatus, Timeline } from '@homecam/shared';
import { expect, type Page } from '@playwright/test';
import { execFile } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Api } from './api.js';

const run = promisify(execFile);

/** A camera recording continuously in short segments (2 s, the simulator's GOP), streaming before this returns. */
export async function addContinuousCamera(api: Api, name: string, source: string, segmentSeconds = 2): Promise<void> {
  await api.request('PATCH', '/api/settings/recordings/continuous', { segmentSeconds });
  await api.createCamera(name, source, { recordingMode: 'continuous', prebufferLength: 2, motionTimeout: 1 });
  await expect.poll(async () => (await api.request<CameraStatus>('GET', `/api/cameras/${encodeURIComponent(name)}/status`)).state, { timeout: 30_000 }).toBe('streaming');
}

/** The camera's timeline over the last `ms` up to now. */
export async function timelineOf(api: Api, camera: string, ms = 3_600_000): Promise<Timeline['cameras'][number]> {
  const to = Date.now();
  const answer = await api.request<Timeline>('GET', `/api/timeline?cameras=${encodeURIComponent(camera)}&from=${to - ms}&to=${to}`);
  const row = answer.cameras[0];
  if (!row) throw new Error(`no timeline for ${camera}`);
  return row;
}

/** Waits until the camera holds one unbroken stretch of at least `ms` of footage; resolves with it. */
export async function waitForFootage(api: Api, camera: string, ms: number, timeout: number): Promise<{ start: number; end: number }> {
  let found: { start: number; end: number } | undefined;
  await expect
    .poll(async () => {
      found = (await timelineOf(api, camera)).spans.find((span) => span.end - span.start >= ms);
      return found !== undefined;
    }, { timeout, intervals: [1_000] })
    .toBe(true);
  return found!;
}

/** Segment starts (wall clock, ms) of the playlist the player would load, with each one's length. */
export async function playlistSegments(api: Api, camera: string, from: number, to: number): Promise<{ date: number; seconds: number }[]> {
  const response = await fetch(`${api.baseUrl}/api/cameras/${encodeURIComponent(camera)}/recording/playlist.m3u8?from=${from}&to=${to}`, { headers: { authorization: `Bearer ${api.currentToken()}` } });
  const text = await response.text();
  const segments: { date: number; seconds: number }[] = [];
  let date: number | null = null;
  for (const line of text.split('\n')) {
    if (line.startsWith('#EXT-X-PROGRAM-DATE-TIME:')) date = Date.parse(line.slice('#EXT-X-PROGRAM-DATE-TIME:'.length));
    else if (line.startsWith('#EXTINF:') && date !== null) segments.push({ date, seconds: Number.parseFloat(line.slice('#EXTINF:'.length)) });
  }
  return segments;
}

export interface VideoProbe {
  codec: string;
  width: number;
  height: number;
  duration: number;
}

export async function probe(path: string): Promise<VideoProbe> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=codec_name,width,height:format=duration', '-of', 'json', path]);
  const json = JSON.parse(stdout) as { streams: { codec_name: string; width: number; height: number }[]; format: { duration: string } };
  const stream = json.streams[0];
  if (!stream) throw new Error(`no video stream in ${path}`);
  return { codec: stream.codec_name, width: stream.width, height: stream.height, duration: Number(json.format.duration) };
}

/** MD5 of each video packet's bytes: a stream copy carries the camera's packets unchanged, a re-encode does not. */
export async function videoPacketHashes(path: string): Promise<string[]> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-select_streams', 'v:0', '-show_packets', '-show_data_hash', 'MD5', '-show_entries', 'packet=data_hash', '-of', 'csv=p=0', path], { maxBuffer: 64 * 1024 * 1024 });
  return stdout.split('\n').map((line) => line.trim()).filter((line) => line.length > 0);
}

/** Every segment file the server recorded for a camera (data dir of the e2e server). */
export async function segmentFiles(dataDir: string, camera: string): Promise<string[]> {
  const root = join(dataDir, 'recordings', 'segments.d', camera);
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile() && entry.name.endsWith('.mp4')).map((entry) => join(entry.parentPath, entry.name)).sort();
}

/** A small fingerprint of the picture the <video> shows (drawn into a canvas): different moments give different prints. */
export function framePrint(page: Page, testId: string): Promise<string> {
  return page.getByTestId(testId).evaluate((video: HTMLVideoElement) => {
    const canvas = document.createElement('canvas');
    canvas.width = 160;
    canvas.height = 90;
    const context = canvas.getContext('2d');
    if (!context) return '';
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
    let hash = 0;
    for (let i = 0; i < pixels.length; i += 4) hash = (Math.imul(hash, 31) + (pixels[i] ?? 0)) >>> 0;
    return hash.toString(16);
  });
}
