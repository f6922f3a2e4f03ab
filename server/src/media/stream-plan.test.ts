import { describe, expect, it } from 'vitest';
import type { InitInfo, TrackInfo } from '../lib/fmp4/init.js';
import { InvalidSourceError, parseSource } from './index.js';
import { StreamPlan } from './stream-plan.js';

const CONTEXT = { ffmpegMajor: 6, demoFont: null, remux: {} };
const HEVC: TrackInfo = {
  id: 1, kind: 'video', handler: '', timescale: 90_000, sampleEntry: 'hev1', codec: 'hev1.1.6.L93.B0', defaultSampleDuration: 0, defaultSampleFlags: 0,
};
const HEVC_INIT: InitInfo = { tracks: [HEVC], video: HEVC, codecs: HEVC.codec, mimeType: `video/mp4; codecs="${HEVC.codec}"` };

describe('a refused camera setting is the argument library\'s InvalidSourceError, renamed nowhere', () => {
  it('parseSource of the public API throws the library error (INVALID_SOURCE) with its message, no credentials', () => {
    let refusal: unknown;
    try {
      parseSource('gopher://admin:hunter22@cam/x');
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(InvalidSourceError);
    expect(refusal).toMatchObject({ code: 'INVALID_SOURCE', message: expect.stringMatching(/^invalid camera settings: /) as string });
    expect(String(refusal)).not.toContain('hunter22');
    expect(parseSource('demo:')).toMatchObject({ kind: 'demo' });
  });

  it('a refused source leaves the plan without a source, the library message as its refusal', () => {
    const plan = new StreamPlan('door', { source: 'gopher://admin:hunter22@cam/x' });
    expect(plan.source).toBeNull();
    expect(plan.refusal).toMatch(/^invalid camera settings: camera source: /);
    expect(plan.refusal).not.toContain('hunter22');
  });

  it('keeps the message of a refused output setting', () => {
    const plan = new StreamPlan('door', { source: 'rtsp://127.0.0.1:8554/cam', output: { mapVideo: 'x;y' } });
    expect(plan.source).toBeNull();
    expect(plan.refusal).toMatch(/^invalid camera settings: stream map: /);
  });

  it('refuses a camera name a hand edit left with a bidi override, and says what to rename', () => {
    const plan = new StreamPlan('door\u202e', { source: 'rtsp://127.0.0.1:8554/cam' });
    expect(plan.source).toBeNull();
    expect(plan.refusal).toMatch(/^camera name: .*rename the camera in config\.json$/);
  });

  it('gives anything the library did not refuse itself a generic refusal: its text may quote the URL', () => {
    const throwing = new Proxy({}, {
      get: () => {
        throw new Error('rtsp://admin:hunter22@cam/x');
      },
    });
    const plan = new StreamPlan('door', { source: 'rtsp://127.0.0.1:8554/cam', output: throwing });
    expect(plan.source).toBeNull();
    expect(plan.refusal).toBe('invalid camera source');
  });

  it('redacts with the credentials of its own source', () => {
    const plan = new StreamPlan('door', { source: 'rtsp://admin:hunter22@127.0.0.1:8554/cam' });
    expect(plan.refusal).toBeNull();
    expect(plan.redact('ffmpeg said rtsp://admin:hunter22@127.0.0.1:8554/cam and hunter22')).not.toContain('hunter22');
  });
});

describe('StreamPlan: what the upstream ffmpeg is asked to do', () => {
  it('copies a camera and transcodes the demo picture from the start', () => {
    const camera = new StreamPlan('door', { source: 'rtsp://127.0.0.1:8554/cam' });
    expect(camera.transcoding).toBe(false);
    expect(camera.output).toEqual({ video: 'copy', audio: 'copy' });
    expect(new StreamPlan('demo', { source: 'demo:' }).transcoding).toBe(true);
  });

  it('re-plans once for codecs a browser does not play, and the arguments follow the plan', () => {
    const plan = new StreamPlan('door', { source: 'rtsp://127.0.0.1:8554/cam' });
    const source = plan.source;
    if (!source) throw new Error('the source was refused');
    expect(plan.args(source, CONTEXT)).toContain('copy');
    expect(plan.replanForCodecs(HEVC_INIT)).toBe(true);
    expect(plan.transcoding).toBe(true);
    expect(plan.args(source, CONTEXT)).toContain('libx264');
    expect(plan.replanForCodecs(HEVC_INIT)).toBe(false); // it sticks: no second restart
  });

  it('falls back when ffmpeg refuses a codec in MP4, and says when there is nothing left to try', () => {
    const plan = new StreamPlan('door', { source: 'rtsp://127.0.0.1:8554/cam' });
    const stderr = 'Could not find tag for codec pcm_alaw in stream #1, codec not currently supported in container';
    expect(plan.replanAfterUnsupportedCodec(stderr)).toBe(true);
    expect(plan.output).toEqual({ video: 'copy', audio: 'aac' });
    expect(plan.replanAfterUnsupportedCodec(stderr)).toBe(true);
    expect(plan.output).toEqual({ video: 'copy', audio: 'none' });
    expect(plan.replanAfterUnsupportedCodec(stderr)).toBe(false);
    expect(plan.output).toEqual({ video: 'copy', audio: 'none' });
    expect(plan.transcoding).toBe(false);
  });
});
