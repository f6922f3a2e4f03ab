import type { ConfigFile } from '@homecam/shared';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectError } from './helpers/http.js';
import { createTestApp, makeDataDir } from './helpers/test-app.js';
import { bearer, signedInUser } from './helpers/users.js';

/** Probe #21: `options.videoProcessor` is a program the server runs at start, so the API must not set it. */
describe('options.videoProcessor through the API', () => {
  it('is refused (400 VALIDATION_FAILED, CONFIG_FILE_ONLY) by PATCH /api/config and PATCH /api/config/options', async () => {
    const dataDir = await makeDataDir();
    await writeFile(join(dataDir, 'config.json'), JSON.stringify({ options: { videoProcessor: '/usr/bin/ffmpeg' } }));
    const app = await createTestApp({ dataDir });
    try {
      const { token } = await signedInUser(app, ['admin']);
      const before = await readFile(join(dataDir, 'config.json'), 'utf8');
      const current = app.homecam.config.get();

      const whole = await app.inject({
        method: 'PATCH', url: '/api/config', headers: bearer(token),
        payload: { ...current, options: { videoProcessor: '/tmp/evil.sh' } },
      });
      expectError(whole, 400, 'VALIDATION_FAILED');
      expect(whole.json()).toMatchObject({ error: { details: [{ path: 'options.videoProcessor', message: 'CONFIG_FILE_ONLY' }] } });

      const section = await app.inject({
        method: 'PATCH', url: '/api/config/options', headers: bearer(token), payload: { videoProcessor: '/tmp/evil.sh' },
      });
      expectError(section, 400, 'VALIDATION_FAILED');
      // Removing it (null in a merge patch) is a change too: the host's choice stays until the file is edited.
      expectError(await app.inject({ method: 'PATCH', url: '/api/config/options', headers: bearer(token), payload: { videoProcessor: null } }), 400, 'VALIDATION_FAILED');

      expect(await readFile(join(dataDir, 'config.json'), 'utf8')).toBe(before);
      expect(app.homecam.config.get().options.videoProcessor).toBe('/usr/bin/ffmpeg');
    } finally {
      await app.close();
    }
  });

  it('still accepts a whole-file PATCH that leaves it as it is', async () => {
    const dataDir = await makeDataDir();
    await writeFile(join(dataDir, 'config.json'), JSON.stringify({ options: { videoProcessor: '/usr/bin/ffmpeg' } }));
    const app = await createTestApp({ dataDir });
    try {
      const { token } = await signedInUser(app, ['admin']);
      const next: ConfigFile = { ...app.homecam.config.get(), logLevel: 'debug' };
      const response = await app.inject({ method: 'PATCH', url: '/api/config', headers: bearer(token), payload: next });
      expect(response.statusCode).toBe(200);
      expect(app.homecam.config.get()).toMatchObject({ logLevel: 'debug', options: { videoProcessor: '/usr/bin/ffmpeg' } });
    } finally {
      await app.close();
    }
  });
});
