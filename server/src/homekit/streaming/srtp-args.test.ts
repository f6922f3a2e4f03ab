import { describe, expect, it } from 'vitest';
import { buildSrtpArgs, canCopy, normalizeVideo, srtpKeyAndSalt, srtpUrl, SrtpRequestError, type VideoRequest } from './srtp-args.js';

const VIDEO: VideoRequest = { width: 1280, height: 720, fps: 30, maxBitrate: 800, payloadType: 99, ssrc: 42, mtu: 1378, profile: 1, level: 2 };
const TARGET = { address: '192.168.1.20', port: 50_000, keyAndSalt: Buffer.alloc(30, 7) };

describe('HomeKit SRTP ffmpeg arguments', () => {
  it('copy: fMP4 from stdin only, annex-b, the request\'s payload type, our SSRC, the key as base64, pkt_size = MTU', () => {
    const args = buildSrtpArgs({ copy: true, video: VIDEO, target: TARGET, family: 'ipv4' });
    expect(args.join(' ')).toContain('-protocol_whitelist pipe -fflags +nobuffer -f mp4 -i pipe:0');
    expect(args.join(' ')).toContain('-c:v copy -bsf:v h264_mp4toannexb -payload_type 99 -ssrc 42 -f rtp');
    expect(args.slice(-5)).toEqual(['-srtp_out_suite', 'AES_CM_128_HMAC_SHA1_80', '-srtp_out_params', TARGET.keyAndSalt.toString('base64'), 'srtp://192.168.1.20:50000?rtcpport=50000&pkt_size=1378']);
    expect(args).not.toContain('libx264');
  });

  it('transcode: x264 ultrafast/zerolatency at the requested size, rate and bitrate, in the requested profile', () => {
    const args = buildSrtpArgs({ copy: false, video: { ...VIDEO, width: 640, height: 360, fps: 15, maxBitrate: 300, profile: 0 }, target: TARGET, family: 'ipv4' }).join(' ');
    expect(args).toContain('-c:v libx264 -preset ultrafast -tune zerolatency -profile:v baseline -level:v 4.0');
    expect(args).toContain('scale=640:360:force_original_aspect_ratio=decrease');
    expect(args).toContain('-r 15 -g 30 -b:v 300k -maxrate 300k -bufsize 600k');
  });

  it('clamps every number from the request into a range ffmpeg and HomeKit accept', () => {
    expect(normalizeVideo({ ...VIDEO, width: 99_999, height: -5, fps: 0, maxBitrate: Number.NaN, payloadType: 300, ssrc: -1, mtu: 0, profile: 9, level: -1 })).toEqual({
      width: 1920, height: 90, fps: 1, maxBitrate: 50, payloadType: 127, ssrc: 0, mtu: 1378, profile: 2, level: 0,
    });
    expect(normalizeVideo({ ...VIDEO, width: 641 }).width).toBe(640);
  });

  it('accepts only an IP literal of the session\'s family as the target, and brackets IPv6', () => {
    expect(srtpUrl({ ...TARGET, address: 'fe80::1' }, 1228, 'ipv6')).toBe('srtp://[fe80::1]:50000?rtcpport=50000&pkt_size=1228');
    for (const address of ['evil.example', '127.0.0.1 -i /etc/passwd', '127.0.0.1?x=1', '::1']) {
      expect(() => srtpUrl({ ...TARGET, address }, 1378, 'ipv4')).toThrow(SrtpRequestError);
    }
    expect(() => srtpUrl({ ...TARGET, port: 0 }, 1378, 'ipv4')).toThrow(SrtpRequestError);
  });

  it('wants a 16-byte key and a 14-byte salt', () => {
    expect(srtpKeyAndSalt(Buffer.alloc(16), Buffer.alloc(14))).toHaveLength(30);
    expect(() => srtpKeyAndSalt(Buffer.alloc(32), Buffer.alloc(14))).toThrow(SrtpRequestError);
  });

  it('copies H.264 whose profile and size fit the request; transcodes a larger picture, a higher profile or HEVC', () => {
    const high720 = { codec: 'avc1.64001F', width: 1280, height: 720 };
    expect(canCopy(high720, { ...VIDEO, profile: 2 })).toBe(true);
    expect(canCopy(high720, { ...VIDEO, profile: 1 })).toBe(false);
    expect(canCopy({ ...high720, codec: 'avc1.4D401F' }, { ...VIDEO, profile: 1 })).toBe(true);
    expect(canCopy(high720, { ...VIDEO, profile: 2, width: 640, height: 360 })).toBe(false);
    expect(canCopy({ codec: 'hvc1.1.6.L93.B0', width: 1280, height: 720 }, { ...VIDEO, profile: 2 })).toBe(false);
    expect(canCopy({ codec: 'avc1.64001F' }, { ...VIDEO, profile: 2 })).toBe(false);
  });
});
