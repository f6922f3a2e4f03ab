import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PrivateFileRepository } from '../../repositories/private-file.repository.js';
import { WebhookSecret } from './secret.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'homecam-secret-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('webhook secret', () => {
  it('is created once when several first deliveries ask at the same time: each signs with the secret on disk', async () => {
    const secret = new WebhookSecret(new PrivateFileRepository(dir, 'webhook-secret'));
    const secrets = await Promise.all(Array.from({ length: 5 }, () => secret.getOrCreate()));
    expect(new Set(secrets).size).toBe(1);
    expect((await readFile(join(dir, 'webhook-secret'), 'utf8')).trim()).toBe(secrets[0]);
    expect(await new WebhookSecret(new PrivateFileRepository(dir, 'webhook-secret')).getOrCreate()).toBe(secrets[0]);
  });
});
