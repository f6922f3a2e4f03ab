import type { NotificationList } from '@homecam/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { HomecamApp } from '../src/app.js';
import { ALLOW_ROOT_ENV, ROOT_WARNING_TEXT, ROOT_WARNING_TITLE, runsAsRoot, warnWhenRoot } from '../src/cli/root-warning.js';
import { createTestApp } from './helpers/test-app.js';
import { bearer, signedInUser } from './helpers/users.js';

let app: HomecamApp;
let viewer: string;
const logLines: { level: number; msg: string; uid?: number }[] = [];

beforeAll(async () => {
  const logStream = { write: (line: string) => void logLines.push(JSON.parse(line) as (typeof logLines)[number]) };
  app = await createTestApp({ logLevel: 'info', logStream });
  ({ token: viewer } = await signedInUser(app, ['notifications:access']));
});
afterAll(() => app.close());
beforeEach(async () => {
  logLines.length = 0;
  await app.homecam.notifications.deleteMany(undefined);
});

async function systemNotifications(): Promise<NotificationList['result']> {
  const response = await app.inject({ url: '/api/notifications?types=WARN', headers: bearer(viewer) });
  expect(response.statusCode).toBe(200);
  return response.json<NotificationList>().result.filter((n) => n.camera === null);
}

const warnAs = (uid: number | undefined, env: Record<string, string> = {}) =>
  warnWhenRoot({ uid, env, log: app.log, notifications: app.homecam.notifications });

describe('the root warning at start', () => {
  it('knows root by uid 0 only (no uid at all, as on Windows, is not root)', () => {
    expect(runsAsRoot(0)).toBe(true);
    expect(runsAsRoot(1000)).toBe(false);
    expect(runsAsRoot(undefined)).toBe(false);
  });

  it('as root: one WARN log line and one WARN system notification users see, both naming the fix', async () => {
    expect(await warnAs(0)).toBe(true);

    const warnings = logLines.filter((line) => line.level === 40 && line.msg === ROOT_WARNING_TEXT);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.uid).toBe(0);
    const shown = await systemNotifications();
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatchObject({ level: 'WARN', type: 'WARN', title: ROOT_WARNING_TITLE, message: ROOT_WARNING_TEXT });
    expect(ROOT_WARNING_TEXT).toContain('deploy/install.sh');
    expect(ROOT_WARNING_TEXT).toContain('Install as a service');
  });

  it('as any other user: no log line, no notification', async () => {
    expect(await warnAs(1000)).toBe(false);
    expect(await warnAs(undefined)).toBe(false);
    expect(logLines.filter((line) => line.msg === ROOT_WARNING_TEXT)).toEqual([]);
    expect(await systemNotifications()).toEqual([]);
  });

  it(`with ${ALLOW_ROOT_ENV}=1 (uid 0 known to be harmless): the WARN line still, no notification`, async () => {
    expect(await warnAs(0, { [ALLOW_ROOT_ENV]: '1' })).toBe(true);
    expect(logLines.filter((line) => line.level === 40 && line.msg === ROOT_WARNING_TEXT)).toHaveLength(1);
    expect(await systemNotifications()).toEqual([]);
    // Any other value is no acknowledgement.
    expect(await warnAs(0, { [ALLOW_ROOT_ENV]: 'yes' })).toBe(true);
    expect(await systemNotifications()).toHaveLength(1);
  });

  it('a notification that cannot be stored is logged, and the start goes on', async () => {
    const failing = { system: () => Promise.reject(new Error('database is locked')) };
    expect(await warnWhenRoot({ uid: 0, env: {}, log: app.log, notifications: failing })).toBe(true);
    expect(logLines.map((line) => [line.level, line.msg])).toEqual([
      [40, ROOT_WARNING_TEXT],
      [50, 'the root warning notification failed'],
    ]);
  });
});
