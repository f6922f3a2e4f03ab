import { randomBytes, randomInt } from 'node:crypto';
import { chmodSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

/**
 * The bridge's identity in `<data>/homekit/`: its HAP id (a random MAC-like "username"), the setup code and the
 * setup id of the QR code, in `bridge.json`. hap-nodejs keeps its keys and the pairings in the same folder
 * (`AccessoryInfo.<id>.json`, `IdentifierCache.<id>.json`, through HAPStorage). All of it is secret: a backup
 * carries it for admins only, and nothing of it is logged.
 */
export const HOMEKIT_DIR = 'homekit';
const IDENTITY_FILE = 'bridge.json';

const identitySchema = z.object({
  username: z.string().regex(/^([0-9A-F]{2}:){5}[0-9A-F]{2}$/),
  setupCode: z.string().regex(/^\d{3}-\d{2}-\d{3}$/),
  setupId: z.string().regex(/^[0-9A-Z]{4}$/),
});
export type BridgeIdentity = z.infer<typeof identitySchema>;

/** HAP forbids these setup codes (all equal digits, 12345678, 87654321). */
export function isTrivialSetupCode(code: string): boolean {
  const digits = code.replace(/-/g, '');
  return /^(\d)\1{7}$/.test(digits) || digits === '12345678' || digits === '87654321';
}

export function generateSetupCode(): string {
  for (;;) {
    const digits = String(randomInt(0, 100_000_000)).padStart(8, '0');
    const code = `${digits.slice(0, 3)}-${digits.slice(3, 5)}-${digits.slice(5)}`;
    if (!isTrivialSetupCode(code)) return code;
  }
}

/** A random MAC-like id with the "locally administered, unicast" bits, so it never poses as a real vendor's MAC. */
export function generateUsername(): string {
  const bytes = randomBytes(6);
  bytes[0] = ((bytes[0] ?? 0) & 0xfc) | 0x02;
  return [...bytes].map((byte) => byte.toString(16).padStart(2, '0').toUpperCase()).join(':');
}

const SETUP_ID_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

function generateSetupId(): string {
  return Array.from({ length: 4 }, () => SETUP_ID_CHARS[randomInt(0, SETUP_ID_CHARS.length)]).join('');
}

/**
 * The `X-HM://` payload the Home app scans: setup code, category and "IP transport" flag in base 36, then the
 * setup id (the same encoding as hap-nodejs' Accessory.setupURI(), usable before the bridge was ever published).
 */
export function setupUri(identity: BridgeIdentity, category: number): string {
  const low = (Number.parseInt(identity.setupCode.replace(/-/g, ''), 10) | (1 << 28)) >>> 0;
  const buffer = Buffer.alloc(8);
  buffer.writeUInt32BE(category >> 1, 0);
  buffer.writeUInt32BE(low, 4);
  if (category & 1) buffer[4] = (buffer[4] ?? 0) | 0x80;
  const payload = (buffer.readUInt32BE(4) + buffer.readUInt32BE(0) * 0x1_0000_0000).toString(36).toUpperCase();
  return `X-HM://${payload.padStart(9, '0')}${identity.setupId}`;
}

/** The files of `<data>/homekit/`; created on first use (mode 0700: keys and pairings). */
export class IdentityStore {
  readonly dir: string;

  constructor(dataDir: string) {
    this.dir = join(dataDir, HOMEKIT_DIR);
  }

  /** The stored identity, or null when the bridge never ran (or the file is unreadable: treated as none). */
  peek(): BridgeIdentity | null {
    try {
      return identitySchema.parse(JSON.parse(readFileSync(join(this.dir, IDENTITY_FILE), 'utf8')));
    } catch {
      return null;
    }
  }

  /** The stored identity, made (and stored) on first use. */
  load(): BridgeIdentity {
    return this.peek() ?? this.write({ username: generateUsername(), setupCode: generateSetupCode(), setupId: generateSetupId() });
  }

  /** How many controllers are paired (hap-nodejs' AccessoryInfo file; 0 when there is none). */
  pairings(identity: BridgeIdentity | null): number {
    if (!identity) return 0;
    try {
      const info = JSON.parse(readFileSync(join(this.dir, `AccessoryInfo.${identity.username.replace(/:/g, '')}.json`), 'utf8')) as { pairedClients?: unknown };
      return info.pairedClients && typeof info.pairedClients === 'object' ? Object.keys(info.pairedClients).length : 0;
    } catch {
      return 0;
    }
  }

  /** Forgets everything (keys, pairings, AIDs, setup code) and makes a new identity. The bridge must be stopped. */
  renew(): BridgeIdentity {
    this.ensureDir();
    for (const name of readdirSync(this.dir)) rmSync(join(this.dir, name), { recursive: true, force: true });
    return this.load();
  }

  private write(identity: BridgeIdentity): BridgeIdentity {
    this.ensureDir();
    // hap-nodejs' storage (node-persist) reads every file of the folder not starting with a dot: the temporary
    // file of this atomic write is hidden from it.
    const temporary = join(this.dir, `.${IDENTITY_FILE}.tmp`);
    writeFileSync(temporary, `${JSON.stringify(identity, null, 2)}\n`, { mode: 0o600 });
    renameSync(temporary, join(this.dir, IDENTITY_FILE));
    return identity;
  }

  private ensureDir(): void {
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    chmodSync(this.dir, 0o700);
  }
}
