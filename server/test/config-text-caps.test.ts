import { CONFIG_MAX_BYTES, TEXT_FIELD_MAX_LENGTH, TEXT_KEY_MAX_LENGTH } from '@homecam/shared';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { expectError } from './helpers/http.js';
import { appForSuite } from './helpers/suite-app.js';

/** N9 (the config editor vs the file cap) and the text caps on every write of config.json (N2's unknown keys). */
const suite = appForSuite({ admin: ['admin'] });
const configFile = (): string => join(suite.app.homecam.dataDir, 'config.json');

const write = (method: 'PUT' | 'PATCH', url: string, payload: unknown): Promise<LightMyRequestResponse> =>
  suite.app.inject({ method, url, headers: { ...suite.bearer('admin'), 'content-type': 'application/json' }, payload: JSON.stringify(payload) });
const issues = (response: LightMyRequestResponse) => response.json<{ error: { details: { path: string; message: string }[] } }>().error.details;
const read = () => readFile(configFile(), 'utf8');

describe('text caps on config writes', () => {
  it('a text past 4,096 characters or a key past 256 is refused in every section, known keys and unknown ones', async () => {
    const long = 'x'.repeat(TEXT_FIELD_MAX_LENGTH + 1);
    for (const [url, body, path] of [
      ['/api/config/http', { note: long }, 'http.note'],
      ['/api/config/mqtt', { host: long }, 'mqtt.host'],
      ['/api/config/smtp', { [`k${'y'.repeat(TEXT_KEY_MAX_LENGTH)}`]: 1 }, `smtp.k${'y'.repeat(TEXT_KEY_MAX_LENGTH)}`],
      ['/api/config', { plugins: [{ settings: { deep: [long] } }] }, 'plugins.0.settings.deep.0'],
    ] as const) {
      const before = await read();
      const response = await write('PATCH', url, body);
      expectError(response, 400, 'VALIDATION_FAILED');
      expect(issues(response)).toContainEqual(expect.objectContaining({ path, message: 'TEXT_TOO_LONG' }));
      expect(await read()).toBe(before);
    }
    expect((await write('PATCH', '/api/config/http', { note: 'x'.repeat(TEXT_FIELD_MAX_LENGTH) })).statusCode).toBe(200);
  });

  it('an oversized text a hand edit put in config.json stays writable unchanged, but cannot be replaced by another', async () => {
    const current = JSON.parse(await read()) as Record<string, Record<string, unknown>>;
    const handEdited = 'h'.repeat(10_000);
    await writeFile(configFile(), JSON.stringify({ ...current, ftp: { ...current.ftp, legacy: handEdited } }, null, 2));
    await suite.app.homecam.config.reload();
    expect((await write('PATCH', '/api/config/http', { active: false })).statusCode).toBe(200);
    const whole = (await suite.app.inject({ url: '/api/config', headers: suite.bearer('admin') })).json<Record<string, unknown>>();
    expect((await write('PUT', '/api/config', whole)).statusCode).toBe(200);
    const replaced = await write('PATCH', '/api/config/ftp', { legacy: 'g'.repeat(10_000) });
    expectError(replaced, 400, 'VALIDATION_FAILED');
    expect(issues(replaced)).toContainEqual(expect.objectContaining({ path: 'ftp.legacy', message: 'TEXT_TOO_LONG' }));
    expect((await write('PATCH', '/api/config/ftp', { legacy: null })).statusCode).toBe(200);
  });
});

describe('N9: what the PATCH routes accept, the config editor can PUT back', () => {
  it('a config grown by PATCH up to the file cap is PUT back unchanged (was 413 past 1 MiB)', { timeout: 60_000 }, async () => {
    // Texts within the caps, 900 KB a PATCH, until the next one would pass CONFIG_MAX_BYTES.
    const chunk = Array.from({ length: 225 }, (_, i) => `${i}`.padEnd(TEXT_FIELD_MAX_LENGTH, 'z'));
    let grown = 0;
    for (let i = 0; i < 10; i++) {
      const response = await write('PATCH', '/api/config', { [`bulk${i}`]: chunk });
      if (response.statusCode !== 200) {
        expectError(response, 400, 'CONFIG_TOO_LARGE');
        break;
      }
      grown++;
    }
    expect(grown).toBeGreaterThanOrEqual(4);
    const size = Buffer.byteLength(await read());
    expect(size).toBeGreaterThan(CONFIG_MAX_BYTES * 0.75);
    const before = await suite.app.inject({ url: '/api/config', headers: suite.bearer('admin') });
    const fileBefore = await read();
    // The editor sends the document as compact JSON (web/src/api/config-api.ts); so does this.
    const put = await write('PUT', '/api/config', before.json());
    expect(put.statusCode).toBe(200);
    expect(await read()).toBe(fileBefore);
    // And the same document as the file itself is laid out (two-space indentation) fits as well.
    const pretty = await suite.app.inject({
      method: 'PUT',
      url: '/api/config',
      headers: { ...suite.bearer('admin'), 'content-type': 'application/json' },
      payload: fileBefore,
    });
    expect(pretty.statusCode).toBe(200);
    const cleanup = Object.fromEntries(Array.from({ length: grown }, (_, i) => [`bulk${i}`, null]));
    expect((await write('PATCH', '/api/config?confirm=remove-sections', cleanup)).statusCode).toBe(200);
  });
});
