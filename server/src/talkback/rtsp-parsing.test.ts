import { describe, expect, it } from 'vitest';
import { findBackchannel } from './backchannel-sdp.js';
import { G711RtpPacketizer } from './g711-rtp.js';
import { RtspProtocolError, RtspReader } from './rtsp-reader.js';

const sdp = (...lines: string[]): string => ['v=0', 'o=- 1 1 IN IP4 10.0.0.2', 's=cam', 't=0 0', ...lines, ''].join('\r\n');

describe('the camera backchannel in an SDP', () => {
  it('takes the sendonly G.711 audio (a dynamic PCMA type too) and resolves its control URL', () => {
    const text = sdp('a=control:*', 'm=video 0 RTP/AVP 96', 'a=rtpmap:96 H264/90000', 'a=control:track1', 'a=recvonly',
      'm=audio 0 RTP/AVP 97', 'a=rtpmap:97 PCMA/8000', 'a=control:track3', 'a=sendonly');
    expect(findBackchannel(text, 'rtsp://10.0.0.2/live/')).toEqual({ controlUrl: 'rtsp://10.0.0.2/live/track3', payloadType: 97, encoding: 'PCMA', clockRate: 8000 });
  });

  it('prefers mu-law, knows the static payload types without rtpmap, and keeps an absolute control', () => {
    const text = sdp('m=audio 0 RTP/AVP 8 0', 'a=control:rtsp://10.0.0.2/back', 'a=sendonly');
    expect(findBackchannel(text, 'rtsp://10.0.0.2/live')).toMatchObject({ controlUrl: 'rtsp://10.0.0.2/back', payloadType: 0, encoding: 'PCMU' });
  });

  it('finds none in the camera’s own sound, at 16 kHz, or in AAC', () => {
    expect(findBackchannel(sdp('m=audio 0 RTP/AVP 0', 'a=recvonly'), 'rtsp://h/')).toBeNull();
    expect(findBackchannel(sdp('m=audio 0 RTP/AVP 98', 'a=rtpmap:98 PCMU/16000', 'a=sendonly'), 'rtsp://h/')).toBeNull();
    expect(findBackchannel(sdp('m=audio 0 RTP/AVP 97', 'a=rtpmap:97 MPEG4-GENERIC/8000', 'a=sendonly'), 'rtsp://h/')).toBeNull();
  });
});

describe('reading what the camera sends on the control connection', () => {
  it('reads answers split across chunks, with their body, and skips interleaved RTCP frames', () => {
    const reader = new RtspReader();
    const answer = Buffer.from('RTSP/1.0 200 OK\r\nCSeq: 3\r\nContent-Length: 4\r\nWWW-Authenticate: a\r\nWWW-Authenticate: b\r\n\r\nbody');
    const rtcp = Buffer.from([0x24, 1, 0, 3, 9, 9, 9]);
    const all = Buffer.concat([rtcp, answer]);
    expect(reader.push(all.subarray(0, 20))).toEqual([]);
    const [response] = reader.push(all.subarray(20));
    expect(response).toMatchObject({ status: 200, body: 'body' });
    expect(response!.headers.get('www-authenticate')).toEqual(['a', 'b']);
  });

  it('refuses a header block over 16 KiB and a body over 64 KiB instead of buffering them', () => {
    expect(() => new RtspReader().push(Buffer.from(`RTSP/1.0 200 OK\r\nX: ${'a'.repeat(17 * 1024)}`))).toThrow(RtspProtocolError);
    expect(() => new RtspReader().push(Buffer.from('RTSP/1.0 200 OK\r\nContent-Length: 70000\r\n\r\n'))).toThrow(/64 KiB/);
    expect(() => new RtspReader().push(Buffer.from('HTTP/1.1 200 OK\r\n\r\n'))).toThrow(/RTSP/);
  });
});

describe('G.711 RTP packets', () => {
  it('cuts 20 ms frames with one SSRC, consecutive sequence numbers and timestamps, a marker per talk spurt', () => {
    const packetizer = new G711RtpPacketizer(0);
    const first = packetizer.packets(Buffer.alloc(250, 0xff));
    const second = packetizer.packets(Buffer.alloc(70, 0xff));
    const packets = [...first, ...second];
    expect(packets.map((p) => p.length)).toEqual([172, 172]);
    const [a, b] = packets as [Buffer, Buffer];
    expect(a[0]).toBe(0x80);
    expect([a[1], b[1]]).toEqual([0x80, 0x00]); // marker on the first, payload type 0
    expect(b.readUInt16BE(2)).toBe((a.readUInt16BE(2) + 1) & 0xffff);
    expect((b.readUInt32BE(4) - a.readUInt32BE(4)) >>> 0).toBe(160);
    expect(b.readUInt32BE(8)).toBe(a.readUInt32BE(8));
    packetizer.endSpurt();
    expect(packetizer.packets(Buffer.alloc(160))[0]![1]).toBe(0x80);
  });
});
