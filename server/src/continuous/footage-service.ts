import type { Camera, CameraTimeline, Timeline, TimelineEvent, TimelineQuery } from '@homecam/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { CameraScope } from '../services/camera-scope.js';
import { AppError } from '../errors/app-error.js';
import type { RecordingFilesRepository } from '../repositories/recording-files.repository.js';
import type { RecordingRow } from '../repositories/recording.repository.js';
import type { CameraService } from '../services/camera.service.js';
import type { VirtualFile } from '../services/recording.service.js';
import { footageFile } from './footage-file.js';
import { buildPlaylist } from './playlist.js';
import { previewCell, PREVIEW_GRID_MS, type Previews } from './preview.js';
import type { ReviewIndex } from './review-index.js';
import type { SegmentIndex } from './segment-index.js';
import { bucketWidth } from './timeline-query.js';

export interface FootageDeps {
  db: Kysely<Database>;
  segments: SegmentIndex;
  review: ReviewIndex;
  files: RecordingFilesRepository;
  cameras: CameraService;
  previews: Previews;
  maxSegmentMs: () => number;
  /** The segment being written for a camera (its end so far). */
  live: (camera: string) => { id: string; start: number; end: number } | null;
}

/** Events can start this long before the range and still reach into it (the longest clip, with margin). */
const EVENT_LOOKBACK_MS = 60 * 60_000;

function labelsOf(row: Pick<RecordingRow, 'labels' | 'label'>): string[] {
  try {
    const value: unknown = row.labels ? JSON.parse(row.labels) : null;
    if (Array.isArray(value)) return value.filter((label): label is string => typeof label === 'string');
  } catch {
    // not JSON: the single label below
  }
  return [row.label];
}

/**
 * Reading the footage: the HLS playlist and segment bytes, the timeline (spans, gaps, motion buckets, event markers,
 * review items), preview thumbnails, and span recordings' virtual files. Every camera-facing call checks that the
 * camera exists (CAMERA_NOT_FOUND), so a deleted camera's footage is not reachable by name.
 */
export class FootageService {
  constructor(private readonly deps: FootageDeps) {}

  /** `scope` (issue 21): a camera the caller may not see is not found either. */
  camera(name: string, scope: CameraScope = CameraScope.ALL): Camera {
    scope.require(name);
    return this.deps.cameras.get(name);
  }

  /** Issue 21: the cameras a limited caller's lists and counts are narrowed to (undefined: every camera). */
  scopeNames(scope: CameraScope): string[] | undefined {
    return scope.names(this.deps.cameras.list()) ?? undefined;
  }

  async playlist(name: string, from: number, to: number, uri: (id: string) => string): Promise<string> {
    const camera = this.camera(name);
    const rows = await this.deps.segments.overlapping(camera.name, from, to, this.deps.maxSegmentMs());
    return buildPlaylist(rows.filter((row) => row.status !== 'writing'), uri);
  }

  /** A finished segment's file (the playlist's byte ranges point into it). */
  async segment(id: string, scope: CameraScope = CameraScope.ALL): Promise<{ path: string; size: number }> {
    const row = await this.deps.segments.get(id);
    if (!row || row.status === 'writing' || !this.deps.cameras.find(row.camera) || !scope.allows(row.camera)) throw new AppError('NOT_FOUND', 'segment not found');
    const info = await this.deps.files.at(row.root).info(row.file);
    if (!info) throw new AppError('FILE_NOT_FOUND', 'segment file not found');
    return { path: info.path, size: info.size };
  }

  async preview(name: string, at: number): Promise<Buffer> {
    const camera = this.camera(name);
    const cell = previewCell(at);
    const rows = await this.deps.segments.overlapping(camera.name, cell, cell + PREVIEW_GRID_MS, this.deps.maxSegmentMs());
    const row = rows.find((segment) => segment.status !== 'writing');
    const path = row ? this.deps.files.at(row.root).resolve(row.file) : null;
    if (!row || !path) throw new AppError('NOT_FOUND', 'no footage in that minute');
    return this.deps.previews.get(this.deps.files.at(row.root), camera.name, cell, path);
  }

  async timeline(query: TimelineQuery, userId: number, scope: CameraScope = CameraScope.ALL): Promise<Timeline> {
    const bucketMs = bucketWidth(query.from, query.to, query.bucketMs);
    const cameras: CameraTimeline[] = [];
    for (const name of query.cameras) this.camera(name, scope);
    for (const name of query.cameras) {
      const camera = this.camera(name);
      const live = this.deps.live(camera.name) ?? undefined;
      const data = await this.deps.segments.timeline(camera.name, { from: query.from, to: query.to, bucketMs }, this.deps.maxSegmentMs(), live);
      cameras.push({
        camera: camera.name, ...data,
        events: await this.events(camera.name, query.from, query.to),
        reviewItems: await this.deps.review.list(userId, { cameras: [camera.name], from: query.from, to: query.to }, 500),
      });
    }
    return { from: query.from, to: query.to, bucketMs, cameras };
  }

  /** A span recording's footage as one MP4 (RecordingService serves it under the recording's URL). */
  async spanFile(row: RecordingRow): Promise<VirtualFile | null> {
    const start = Date.parse(row.started_at);
    const rows = await this.deps.segments.overlapping(row.camera, start, start + Math.max(1, row.duration_ms), this.deps.maxSegmentMs());
    return footageFile(rows, this.deps.files);
  }

  private async events(camera: string, from: number, to: number): Promise<TimelineEvent[]> {
    const rows = await this.deps.db
      .selectFrom('recordings')
      .select(['id', 'started_at', 'duration_ms', 'label', 'labels', 'trigger', 'type'])
      .where('camera', '=', camera)
      .where('started_at', '>=', new Date(from - EVENT_LOOKBACK_MS).toISOString())
      .where('started_at', '<', new Date(to).toISOString())
      .orderBy('started_at')
      .limit(5_000)
      .execute();
    return rows
      .map((row) => {
        const start = Date.parse(row.started_at);
        return { id: row.id, start, end: start + row.duration_ms, label: row.label, labels: labelsOf(row), trigger: row.trigger, type: row.type };
      })
      .filter((event) => event.end >= from);
  }
}
