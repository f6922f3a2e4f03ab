import { describe, expect, it } from 'vitest';
import { RtpClock } from './rtp-clock.js';
import { chooseH264 } from './sdp.js';

/** The video section of a Chromium 156 offer (trimmed to the formats that matter). */
const CHROMIUM_OFFER = [
  'v=0', 'o=- 1 2 IN IP4 127.0.0.1', 's=-', 't=0 0', 'a=group:BUNDLE 0',
  'm=video 9 UDP/TLS/RTP/SAVPF 96 97 102 103 104 105 106 107 108 109 127',
  'a=mid:0', 'a=recvonly',
  'a=rtpmap:96 VP8/90000', 'a=rtpmap:97 rtx/90000', 'a=fmtp:97 apt=96',
  'a=rtpmap:102 H264/90000', 'a=fmtp:102 level-asymmetry-allowed=1;packetization-mode=1;profile-level-id=42001f',
  'a=rtpmap:104 H264/90000', 'a=fmtp:104 level-asymmetry-allowed=1;packetization-mode=0;profile-level-id=42e01f',
  'a=rtpmap:106 H264/90000', 'a=fmtp:106 level-asymmetry-allowed=1;packetization-mode=1;profile-level-id=42e01f',
  'a=rtpmap:108 H264/90000', 'a=fmtp:108 level-asymmetry-allowed=1;packetization-mode=1;profile-level-id=4d001f',
  'a=rtpmap:127 H264/90000', 'a=fmtp:127 level-asymmetry-allowed=1;packetization-mode=1;profile-level-id=f4001f',
  '',
].join('\r\n');

describe('choosing the H.264 format of an offer', () => {
  it('takes constrained baseline with packetization-mode 1 and echoes its fmtp', () => {
    expect(chooseH264(CHROMIUM_OFFER)).toEqual({ mid: '0', payloadType: 106, fmtp: 'level-asymmetry-allowed=1;packetization-mode=1;profile-level-id=42e01f' });
  });

  it('falls back to another mode-1 profile, and refuses offers without one', () => {
    const noConstrained = CHROMIUM_OFFER.replace(/a=rtpmap:106[^\n]*\n[^\n]*\n/, '');
    expect(chooseH264(noConstrained)?.payloadType).toBe(102);
    expect(chooseH264(CHROMIUM_OFFER.replace(/packetization-mode=1/g, 'packetization-mode=0'))).toBeNull();
    expect(chooseH264(CHROMIUM_OFFER.replace('a=recvonly', 'a=sendonly'))).toBeNull();
    expect(chooseH264('v=0\r\nm=audio 9 UDP/TLS/RTP/SAVPF 111\r\na=mid:0\r\n')).toBeNull();
    expect(chooseH264('not sdp at all')).toBeNull();
  });
});

describe('RTP timestamps', () => {
  it('follows the media time for live frames and compresses catch-up frames to 1 ms steps', () => {
    const clock = new RtpClock(1_000);
    // a buffered GOP of 5 frames (0.0 … 0.16 s) sent on join, then live frames 40 ms apart
    const catchUp = [0, 0.04, 0.08, 0.12, 0.16].map((t) => clock.timestamp(t, true));
    expect(catchUp).toEqual([1_000, 1_090, 1_180, 1_270, 1_360]);
    expect([0.2, 0.24].map((t) => clock.timestamp(t, false))).toEqual([1_360 + 3_600, 1_360 + 7_200]);
  });

  it('never goes backwards (a restarted timeline) and wraps at 2^32', () => {
    const clock = new RtpClock(0xffffff00);
    expect(clock.timestamp(10, false)).toBe(0xffffff00);
    expect(clock.timestamp(3, false)).toBe(0xffffff00 + 90);
    expect(clock.timestamp(3.04, false)).toBe((0xffffff00 + 90 + 3_600) >>> 0);
  });
});
