import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HomecamApp } from '../src/app.js';
import { errorCode } from './helpers/http.js';
import { createTestApp } from './helpers/test-app.js';
import { bearer, signedInUser } from './helpers/users.js';

/** N10: malformed multipart bodies to /api/backup/restore are the client's error: 400 with a code, never 500. */
let app: HomecamApp;
let admin: string;
const restarts: string[] = [];

beforeAll(async () => {
  app = await createTestApp();
  admin = (await signedInUser(app, ['admin'])).token;
  app.homecam.bus.subscribe('RestartRequested', ({ reason }) => void restarts.push(reason));
});
afterAll(() => app.close());

const BOUNDARY = '----homecam-n10';
const part = (field: string, name: string, body: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: application/gzip\r\n\r\n${body}\r\n`;
const end = `--${BOUNDARY}--\r\n`;

const send = (contentType: string, payload: string) =>
  app.inject({ method: 'POST', url: '/api/backup/restore', headers: { ...bearer(admin), 'content-type': contentType }, payload });

const cases: [string, string, string, string][] = [
  ['an unterminated part', `multipart/form-data; boundary=${BOUNDARY}`, `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="b.tar.gz"\r\n\r\nno end`, 'BAD_REQUEST'],
  ['multipart/form-data without a boundary', 'multipart/form-data', part('file', 'b.tar.gz', 'x') + end, 'BAD_REQUEST'],
  ['the archive under another field name', `multipart/form-data; boundary=${BOUNDARY}`, part('archive', 'b.tar.gz', 'x') + end, 'VALIDATION_FAILED'],
  ['two files', `multipart/form-data; boundary=${BOUNDARY}`, part('file', 'a.tar.gz', 'x') + part('file', 'b.tar.gz', 'y') + end, 'BAD_REQUEST'],
  ['no part at all', `multipart/form-data; boundary=${BOUNDARY}`, end, 'VALIDATION_FAILED'],
];

describe('POST /api/backup/restore with a malformed multipart body', () => {
  it.each(cases)('%s → 400 with a code', async (_name, contentType, payload, code) => {
    const response = await send(contentType, payload);
    expect({ status: response.statusCode, code: errorCode(response) }).toEqual({ status: 400, code });
    expect(restarts).toEqual([]);
  });
});
