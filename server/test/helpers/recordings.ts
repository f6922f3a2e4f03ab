import { expect } from 'vitest';
import type { HomecamApp } from '../../src/app.js';
import type { RecordingRow } from '../../src/repositories/recording.repository.js';

/** A tiny JPEG (magic bytes and end marker): what a camera's FTP upload would carry. */
export const FTP_JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 0xff, 0xd9]);

/** A recording through the recorder: the camera's FTP picture, so no video is needed. Ends any open event first. */
export async function triggerFtpRecording(app: HomecamApp, camera: string): Promise<RecordingRow> {
  app.homecam.cameraEvents.motionReset(camera, 'api');
  expect(app.homecam.cameraEvents.sink().motion(camera, 'ftp', { image: FTP_JPEG })).toMatchObject({ accepted: true });
  const id = app.modules.recorder.recorder.current(camera)?.id ?? 'none';
  await app.modules.recorder.recorder.idle();
  const row = await app.homecam.repositories.recordings.get(id);
  if (!row) throw new Error('no row for the recording');
  return row;
}
