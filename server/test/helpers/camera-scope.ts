import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Permission } from '@homecam/shared';
import type { HomecamApp } from '../../src/app.js';
import { cameraFolder } from '../../src/repositories/recording-files.repository.js';
import { CameraScope } from '../../src/services/camera-scope.js';
import type { UserRecord } from '../../src/repositories/user.repository.js';
import { FTP_JPEG } from './recordings.js';
import { signedInUser } from './users.js';

/** A tiny generated picture: cheap for snapshots and live streams. */
export const SMALL_DEMO = 'demo:?size=160x120&fps=5&audio=0';

/** Issue 21: a user limited to `cameras` (set in the database, as an admin's PATCH leaves it), with a session. */
export async function limitedUser(app: HomecamApp, permissions: Permission[], cameras: string[]): Promise<{ user: UserRecord; token: string }> {
  const { user } = await signedInUser(app, permissions);
  const limited = await app.homecam.repositories.users.update(user.id, { cameras }, new Date().toISOString());
  if (!limited) throw new Error('no such user');
  const session = await app.homecam.auth.createSession(limited, { ip: null, userAgent: 'vitest' });
  return { user: limited, token: session.token };
}

/** One of everything a camera leaves behind, by id: what a limited user must never reach of another camera. */
export interface CameraData {
  camera: string;
  notification: string;
  recording: string;
  /** `/files/recordings/<folder>/<date>/<file>` of the recording's picture. */
  recordingFile: string;
  segment: string;
  review: string;
  export: string;
}

/** Stores a notification, a recording with its file, a footage segment, a review item and an export of `camera`. */
export async function seedCameraData(app: HomecamApp, camera: string, exportOwner: number): Promise<CameraData> {
  const now = Date.now();
  const at = new Date(now - 60_000).toISOString();
  const notification = randomUUID();
  await app.homecam.repositories.notifications.insert({
    id: notification, camera, room: 'Default', type: 'motion', level: 'event', title: camera, message: 'motion', label: 'motion', labels: null,
    trigger: 'api', recording_id: null, thumbnail: null, created_at: at,
  });
  const recording = randomUUID();
  const root = app.homecam.recordingsDir.dir;
  const file = `${cameraFolder(camera)}/2026-01-01/${recording}.jpg`;
  await mkdir(dirname(join(root, file)), { recursive: true });
  await writeFile(join(root, file), FTP_JPEG);
  await app.homecam.repositories.recordings.insert({
    id: recording, camera, room: 'Default', trigger: 'ftp', type: 'Snapshot', label: 'motion', labels: null, started_at: at, duration_ms: 0,
    size_bytes: FTP_JPEG.length, file, thumbnail: file, status: 'complete', root, span: 0,
  });
  const continuous = app.modules.continuous;
  const segment = `${cameraFolder(camera)}-${randomUUID()}`;
  const segmentFile = `segments.d/${cameraFolder(camera)}/0/${segment}.mp4`;
  await mkdir(dirname(join(root, segmentFile)), { recursive: true });
  await writeFile(join(root, segmentFile), Buffer.alloc(64));
  await continuous.segments.insert({
    id: segment, node_id: 'local', camera, stream: 'main', start_ms: now - 120_000, end_ms: now - 60_000, bytes: 64, init_bytes: 8,
    init_hash: 'h', root, file: segmentFile, motion: 0, motion_score: 0, event: 0, status: 'complete',
  });
  const review = await continuous.review.addEvent(camera, now - 120_000, now - 90_000, ['motion']);
  const owner = { id: exportOwner, admin: false, scope: CameraScope.ALL };
  const [job] = await continuous.exporter.create(owner, { cameras: [camera], from: now - 120_000, to: now - 60_000 });
  return { camera, notification, recording, recordingFile: `/files/recordings/${file}`, segment, review, export: job?.id ?? 'none' };
}
