import { Accessory, uuid } from 'hap-nodejs';
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CATEGORY } from './hap-values.js';
import { generateSetupCode, generateUsername, IdentityStore, isTrivialSetupCode, setupUri } from './identity.js';

const dataDir = mkdtempSync(join(tmpdir(), 'homecam-homekit-id-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('bridge identity', () => {
  it('makes setup codes HAP accepts: XXX-XX-XXX, never a trivial one', () => {
    expect(isTrivialSetupCode('111-11-111')).toBe(true);
    expect(isTrivialSetupCode('000-00-000')).toBe(true);
    expect(isTrivialSetupCode('123-45-678')).toBe(true);
    expect(isTrivialSetupCode('876-54-321')).toBe(true);
    expect(isTrivialSetupCode('031-45-154')).toBe(false);
    const codes = new Set(Array.from({ length: 200 }, () => generateSetupCode()));
    for (const code of codes) {
      expect(code).toMatch(/^\d{3}-\d{2}-\d{3}$/);
      expect(isTrivialSetupCode(code)).toBe(false);
    }
    expect(codes.size).toBeGreaterThan(190);
  });

  it('makes MAC-like ids with the locally administered unicast bits', () => {
    for (let i = 0; i < 50; i++) {
      const id = generateUsername();
      expect(id).toMatch(/^([0-9A-F]{2}:){5}[0-9A-F]{2}$/);
      expect(Number.parseInt(id.slice(0, 2), 16) & 0x03).toBe(0x02);
    }
  });

  it('encodes the setup URI exactly as hap-nodejs does', () => {
    for (const [setupCode, setupId] of [['031-45-154', 'ABCD'], ['999-99-998', 'Z9Z9'], ['000-00-001', '0000']] as const) {
      const accessory = new Accessory('Bridge', uuid.generate(`test:${setupCode}`));
      Object.assign(accessory, { _accessoryInfo: { pincode: setupCode, category: CATEGORY.BRIDGE }, _setupID: setupId });
      expect(setupUri({ username: '02:00:00:00:00:01', setupCode, setupId }, CATEGORY.BRIDGE)).toBe(accessory.setupURI());
    }
  });

  it('stores the identity in <data>/homekit (0700, 0600), keeps it across loads, renews it on reset', () => {
    const store = new IdentityStore(dataDir);
    expect(store.peek()).toBeNull();
    expect(store.pairings(null)).toBe(0);
    const first = store.load();
    expect(store.load()).toEqual(first);
    expect(new IdentityStore(dataDir).peek()).toEqual(first);
    expect(statSync(store.dir).mode & 0o777).toBe(0o700);
    expect(statSync(join(store.dir, 'bridge.json')).mode & 0o777).toBe(0o600);

    // hap-nodejs' pairings file is what the count reads.
    const info = join(store.dir, `AccessoryInfo.${first.username.replace(/:/g, '')}.json`);
    writeFileSync(info, JSON.stringify({ pairedClients: { a: 'x', b: 'y' } }));
    expect(store.pairings(first)).toBe(2);

    const renewed = store.renew();
    expect(renewed.username).not.toBe(first.username);
    expect(renewed.setupCode).not.toBe(first.setupCode);
    expect(readdirSync(store.dir)).toEqual(['bridge.json']);
    expect(store.pairings(renewed)).toBe(0);
  });
});
