import { describe, expect, it } from 'vitest';
import { planAfterUnsupportedCodec, planForCodecs } from './codec-plan.js';
import type { InitInfo, TrackInfo } from '../lib/fmp4/init.js';

const track = (kind: 'video' | 'audio', codec: string): TrackInfo => ({
  id: kind === 'video' ? 1 : 2, kind, handler: '', timescale: 90_000, sampleEntry: codec.slice(0, 4), codec,
  defaultSampleDuration: 0, defaultSampleFlags: 0,
});
const init = (video?: string, audio?: string): InitInfo => ({
  tracks: [], codecs: '', mimeType: '',
  ...(video ? { video: track('video', video) } : {}),
  ...(audio ? { audio: track('audio', audio) } : {}),
});
const copy = { video: 'copy', audio: 'copy' } as const;

describe('codec plan', () => {
  it('keeps copying what MSE plays and transcodes the rest', () => {
    expect(planForCodecs(copy, init('avc1.640028', 'mp4a.40.2'))).toBeNull();
    expect(planForCodecs(copy, init('avc1.42C01F'))).toBeNull();
    expect(planForCodecs(copy, init('hev1.1.6.L93.B0', 'mp4a.40.2'))).toEqual({ video: 'h264', audio: 'copy' });
    expect(planForCodecs(copy, init('avc1.42C01F', 'opus'))).toEqual({ video: 'copy', audio: 'aac' });
    expect(planForCodecs({ video: 'h264', audio: 'aac' }, init('hev1.1.6.L93.B0', 'opus'))).toBeNull(); // already done
  });

  it('steps audio copy → AAC → none, or video to H.264, when ffmpeg refuses a codec in MP4', () => {
    const alaw = 'Could not find tag for codec pcm_alaw in stream #1, codec not currently supported in container';
    expect(planAfterUnsupportedCodec(copy, alaw)).toEqual({ video: 'copy', audio: 'aac' });
    expect(planAfterUnsupportedCodec({ video: 'copy', audio: 'aac' }, alaw)).toEqual({ video: 'copy', audio: 'none' });
    expect(planAfterUnsupportedCodec({ video: 'copy', audio: 'none' }, alaw)).toBeNull();
    expect(planAfterUnsupportedCodec(copy, 'Could not find tag for codec cavs in stream #0')).toEqual({ video: 'h264', audio: 'copy' });
  });
});
