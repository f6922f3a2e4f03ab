import { describe, expect, it } from 'vitest';
import { maskCameraSecrets, restoreMaskedSecrets, restoreMaskedText } from '../src/config-rules/camera-secrets.js';
import { mergePatch } from '@homecam/shared';

describe('camera secrets', () => {
  it('masks URL credentials in every string of a camera, keys we do not know included', () => {
    const camera = { name: 'A', videoConfig: { source: 'rtsp://u:p4ss@cam/x' }, plugin: { urls: ['http://k3y@h/'] } };
    expect(maskCameraSecrets(camera)).toEqual({ name: 'A', videoConfig: { source: 'rtsp://u:********@cam/x' }, plugin: { urls: ['http://********@h/'] } });
  });

  it('restores a masked value only for the same scheme, host, port and user; anything else must be typed again', () => {
    const stored = 'rtsp://admin:p@ss/1@10.0.0.1/main';
    expect(restoreMaskedText('rtsp://admin:********@10.0.0.1/main', stored)).toBe(stored);
    expect(restoreMaskedText('rtsp://admin:********@10.0.0.1:554/sub', stored)).toBe('rtsp://admin:p@ss/1@10.0.0.1:554/sub');
    expect(restoreMaskedText('http://h/s.cgi?user=a&pwd=********&x=1', 'http://h/s.cgi?user=a&pwd=secret')).toBe('http://h/s.cgi?user=a&pwd=secret&x=1');
    expect(restoreMaskedText('http://********@h/new', 'http://tok3n@h/old')).toBe('http://tok3n@h/new');
    expect(restoreMaskedText('rtsp://admin:typed@h/', stored)).toBe('rtsp://admin:typed@h/');
    for (const moved of [
      'rtsp://admin:********@10.0.0.2/sub', // host
      'rtsp://admin:********@10.0.0.1:8554/main', // port
      'rtsps://admin:********@10.0.0.1/main', // scheme
      'rtsp://other:********@10.0.0.1/main', // user
    ]) {
      expect(() => restoreMaskedText(moved, stored), moved).toThrow(expect.objectContaining({ code: 'SECRET_RETYPE_REQUIRED' }) as Error);
    }
    expect(() => restoreMaskedText('http://evil/s.cgi?pwd=********', 'http://h/s.cgi?pwd=secret')).toThrow(/typed again/);
    expect(() => restoreMaskedText('http://********@evil/', 'http://tok3n@h/old')).toThrow(/typed again/);
    expect(() => restoreMaskedText('rtsp://admin:********@h/', undefined)).toThrow(/typed again/);
  });

  it('restores along the same path of a patch only', () => {
    const stored = { videoConfig: { source: 'rtsp://a:one@h/1', subSource: 'rtsp://a:two@h/2' } };
    expect(restoreMaskedSecrets({ videoConfig: { subSource: 'rtsp://a:********@h/2' } }, stored)).toEqual({ videoConfig: { subSource: 'rtsp://a:two@h/2' } });
  });

  it('merges like RFC 7396: objects merge, null removes, arrays replace', () => {
    expect(mergePatch({ a: 1, b: { c: 1, d: 2 }, e: [1, 2] }, { b: { c: null, f: 3 }, e: [3], g: 'x' })).toEqual({ a: 1, b: { d: 2, f: 3 }, e: [3], g: 'x' });
  });
});
