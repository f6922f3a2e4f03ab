import { cameraSchema } from '@homecam/shared';
import { describe, expect, it } from 'vitest';
import { toCameraStatus, toHubCamera } from './camera-config.js';

describe('config.json camera → hub camera', () => {
  it('maps the original videoConfig fields, with their defaults', () => {
    const camera = cameraSchema.parse({
      name: 'Garden',
      prebuffering: true,
      videoConfig: {
        source: '-rtsp_transport udp -i rtsp://u:p@cam/main',
        subSource: 'rtsp://u:p@cam/sub',
        stimeout: 7,
        maxDelay: 500000,
        readRate: true,
        audio: false,
        vcodec: 'h264_vaapi',
        maxWidth: 1280,
        mapvideo: '0:0',
      },
    });
    expect(toHubCamera(camera)).toEqual({
      name: 'Garden',
      main: {
        source: '-rtsp_transport udp -i rtsp://u:p@cam/main',
        input: {
          rtspTransport: 'tcp', timeoutUs: 7_000_000, probeSize: 5_000_000, analyzeDurationUs: 5_000_000,
          reorderQueueSize: 500, maxDelayUs: 500_000, readRate: 1,
        },
        output: { audio: false, mapVideo: '0:0', transcode: { encoder: 'h264_vaapi', maxWidth: 1280 } },
      },
      sub: expect.objectContaining({ source: 'rtsp://u:p@cam/sub' }) as unknown,
      prebuffering: true,
      prebufferSeconds: 4,
      maxStreams: 4,
    });
  });

  it('maps a stream status to the contract CameraStatus', () => {
    expect(
      toCameraStatus({
        camera: 'Garden', stream: 'main', key: 'Garden/main', state: 'offline', since: 0, transcoding: false, consumers: 2, viewers: 1,
        reason: { code: 'CONNECTION_REFUSED', message: 'rtsp://***:***@cam/main: Connection refused' },
      }),
    ).toEqual({
      name: 'Garden', state: 'offline', reason: 'rtsp://***:***@cam/main: Connection refused', offAir: null, viewers: 1, codecs: null,
      transcoding: false, since: '1970-01-01T00:00:00.000Z',
    });
  });
});
