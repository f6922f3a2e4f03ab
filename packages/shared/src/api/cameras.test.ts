import { describe, expect, it } from 'vitest';
import { cameraSchema, maskSourceCredentials } from './cameras.js';
import { cameraWriteSchema } from './camera-media.js';

describe('maskSourceCredentials', () => {
  it('hides the password of an RTSP URL and keeps the rest', () => {
    expect(maskSourceCredentials('rtsp://admin:s3cret@192.168.1.5:554/stream1')).toBe('rtsp://admin:********@192.168.1.5:554/stream1');
  });
  it('masks inside the original ffmpeg input arguments', () => {
    expect(maskSourceCredentials('-rtsp_transport tcp -i rtsp://u:p%40ss@cam/h264')).toBe('-rtsp_transport tcp -i rtsp://u:********@cam/h264');
  });
  it('masks unencoded @ and / in passwords, bare user info and password-like query values', () => {
    expect(maskSourceCredentials('rtsp://admin:pa@ss/w@cam:554/live')).toBe('rtsp://admin:********@cam:554/live');
    expect(maskSourceCredentials('rtsp://tok3n@cam/live')).toBe('rtsp://********@cam/live');
    expect(maskSourceCredentials('http://cam/snap.cgi?user=admin&pwd=s3cret&res=1')).toBe('http://cam/snap.cgi?user=admin&pwd=********&res=1');
    expect(maskSourceCredentials('-i "rtsp://u:x@cam/a" -x http://h/?password=y')).toBe('-i "rtsp://u:********@cam/a" -x http://h/?password=********');
  });
  it('leaves URLs without credentials alone', () => {
    expect(maskSourceCredentials('rtsp://cam.local/live')).toBe('rtsp://cam.local/live');
  });
});

describe('cameraSchema', () => {
  it('fills the original defaults', () => {
    const camera = cameraSchema.parse({ name: 'Door', videoConfig: { source: 'rtsp://cam/live' } });
    expect(camera.videoConfig.probeSize).toBe(5_000_000);
    expect(camera.videoConfig.analyzeDuration).toBe(5_000_000);
    expect(camera.videoConfig.reorderQueueSize).toBe(500);
    expect(camera.room).toBe('Standard');
  });
  it('refuses a probe size below 32 or not an integer', () => {
    for (const probeSize of [31, 100.5]) {
      const result = cameraSchema.safeParse({ name: 'Door', videoConfig: { source: 'rtsp://cam/live', probeSize } });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('PROBE_SIZE_INVALID');
    }
  });
  it('accepts the original ffmpeg input form and demo sources, refuses junk', () => {
    expect(cameraSchema.safeParse({ name: 'A', videoConfig: { source: '-rtsp_transport tcp -i rtsp://cam/x' } }).success).toBe(true);
    expect(cameraSchema.safeParse({ name: 'B', videoConfig: { source: 'demo:' } }).success).toBe(true);
    expect(cameraWriteSchema.safeParse({ name: 'C', videoConfig: { source: 'hello' } }).error?.issues[0]?.message).toBe('SOURCE_INVALID');
    // config.json is read with the plain schema: a refused source there stops its camera (in the hub), not the server
    expect(cameraSchema.safeParse({ name: 'C', videoConfig: { source: 'hello' } }).success).toBe(true);
  });
});
