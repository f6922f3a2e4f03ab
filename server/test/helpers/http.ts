import type { ErrorCode } from '@homecam/shared';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { HomecamApp } from '../../src/app.js';
import { bearer } from './users.js';

/** Asserts the exact error envelope: status from the code, and the code itself. */
export function expectError(response: LightMyRequestResponse, status: number, code: ErrorCode): void {
  expect({ status: response.statusCode, code: errorCode(response) }).toEqual({ status, code });
}

export function errorCode(response: LightMyRequestResponse): string | undefined {
  try {
    return response.json<{ error?: { code?: string } }>().error?.code;
  } catch {
    return undefined;
  }
}

/** A multipart/form-data body with one file field. */
export function multipartFile(
  field: string,
  filename: string,
  contentType: string,
  bytes: Uint8Array,
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----homecam${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
      `Content-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, Buffer.from(bytes), tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Tiny real images (made with ffmpeg from testsrc), one per accepted type: uploads are decoded and re-encoded. */
export const IMAGE_BYTES = {
  png: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAABAAAAAQBPJcTWAAAAD0lEQVR4nGNgYGD4D8P/ARL7A/1ZqIPzAAAAAElFTkSuQmCC', 'base64'),
  jpeg: Buffer.from(
    '/9j/4AAQSkZJRgABAgAAAQABAAD//gAQTGF2YzU5LjM3LjEwMAD/2wBDAAgQEBMQExYWFhYWFhoYGhsbGxoaGhobGxsdHR0iIiIdHR0bGx0dICAiIiUmJSMjIiMmJigoKDAwLi44ODpFRVP/xABrAAEAAAAAAAAAAAAAAAAAAAAFAQEBAAAAAAAAAAAAAAAAAAABAxAAAQQCAgMBAAAAAAAAAAAAAREDAgQAEiI0gxSyIREAAQMDAwEJAQAAAAAAAAAAAQISEQQDExQAMgY2kUKCIcExsSIj/8AAEQgACAAIAwESAAISAAMSAP/aAAwDAQACEQMRAD8ANiHqdMThwcDdX1yolq4YyLmqqBsRHZeMkA/QMSu9St4fiWEarBofBl1jf5u4MyObkj9t5NkxE7em/mu83vugUVVVqmuxni6LiGiC0Xk2XFIYopingySClJPqnc1dpu/73//Z',
    'base64',
  ),
  gif: Buffer.from('R0lGODlhAQABAIAAAP8AAP///ywAAAAAAQABAAACAkQBADs=', 'base64'),
  webp: Buffer.from('UklGRj4AAABXRUJQVlA4IDIAAACwAQCdASoCAAIAAgA0JZgCdAEO9p5AAM4/daFiT1VTquX8jTysYTSTo/mb8KPk6/wAAA==', 'base64'),
};

/**
 * A test's set-up step: adds a camera through POST /api/cameras as the user of `token` (the real route, validation
 * and config write). Anything but 201 fails the set-up with the answer's body, not a later test with a missing camera.
 */
export async function addCamera(app: HomecamApp, token: string, camera: Record<string, unknown>): Promise<void> {
  const created = await app.inject({ method: 'POST', url: '/api/cameras', headers: bearer(token), payload: camera });
  expect(created.statusCode, created.body).toBe(201);
}
