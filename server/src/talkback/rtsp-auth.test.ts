import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { authorization, pickChallenge } from './rtsp-auth.js';

const md5 = (text: string): string => createHash('md5').update(text).digest('hex');

describe('RTSP authentication for the backchannel', () => {
  it('answers a Digest challenge (RFC 2617, no qop) and prefers it over Basic', () => {
    const challenge = pickChallenge(['Basic realm="cam"', 'Digest realm="IP Camera", nonce="abc123", stale=FALSE']);
    expect(challenge?.scheme).toBe('digest');
    const header = authorization(challenge!, { user: 'admin', password: 'p:w' }, 'DESCRIBE', 'rtsp://10.0.0.2/live', 1);
    const expected = md5(`${md5('admin:IP Camera:p:w')}:abc123:${md5('DESCRIBE:rtsp://10.0.0.2/live')}`);
    expect(header).toBe(`Digest username="admin", realm="IP Camera", nonce="abc123", uri="rtsp://10.0.0.2/live", response="${expected}"`);
  });

  it('answers qop=auth with a counted nonce and a client nonce', () => {
    const challenge = pickChallenge(['Digest realm="r", nonce="n", qop="auth,auth-int", opaque="o"'])!;
    const header = authorization(challenge, { user: 'u', password: 'p' }, 'SETUP', 'rtsp://h/x', 2);
    const cnonce = /cnonce="([0-9a-f]+)"/.exec(header)?.[1] ?? '';
    expect(header).toContain('nc=00000002');
    expect(header).toContain(`response="${md5(`${md5('u:r:p')}:n:00000002:${cnonce}:auth:${md5('SETUP:rtsp://h/x')}`)}"`);
    expect(header).toContain('opaque="o"');
  });

  it('falls back to Basic and refuses schemes it cannot answer', () => {
    const basic = pickChallenge(['Basic realm="cam"'])!;
    expect(authorization(basic, { user: 'a', password: 'b' }, 'DESCRIBE', 'rtsp://h/', 1)).toBe(`Basic ${Buffer.from('a:b').toString('base64')}`);
    expect(pickChallenge(['Digest realm="r", nonce="n", algorithm=SHA-256'])).toBeNull();
    expect(pickChallenge(['Bearer x'])).toBeNull();
    expect(pickChallenge([`Digest realm="r", ${"x".repeat(10_000)}`])).toBeNull(); // no nonce: nothing to answer with
  });
});
