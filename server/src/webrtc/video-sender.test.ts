import { beforeAll, describe, expect, it } from 'vitest';
import { Consumer, type MediaItem } from '../media/index.js';
import { generateFmp4 } from '../lib/fmp4/test-support/fmp4-fixture.js';
import { Fmp4StreamParser } from '../lib/fmp4/stream-parser.js';
import { RtpClock } from './rtp-clock.js';
import { sendVideo, type VideoSink } from './video-sender.js';

/** The hub's items for a real ffmpeg stream; fragments stamped as received `ageMs` before now. */
function items(bytes: Buffer, now: number, ageMs: (index: number) => number): MediaItem[] {
  let index = 0;
  return new Fmp4StreamParser().push(bytes).map((segment): MediaItem => {
    if (segment.type === 'init') return { type: 'init', data: segment.data, codecs: segment.info.codecs, mimeType: segment.info.mimeType, info: segment.info };
    return { type: 'fragment', data: segment.data, keyframe: segment.info.keyframe, timestamp: segment.info.timestamp, duration: segment.info.duration, receivedAt: now - ageMs(index++) };
  });
}

class RecordingSink implements VideoSink {
  sent: { bytes: number; timestamp: number }[] = [];
  whenConnected = (): Promise<boolean> => Promise.resolve(true);
  send(accessUnit: Buffer, timestamp: number): boolean {
    this.sent.push({ bytes: accessUnit.length, timestamp });
    return true;
  }
}

function feed(list: MediaItem[]): Consumer {
  const consumer = new Consumer('cam', 'main', { kind: 'viewer', queue: { maxItems: 10_000, maxSeconds: 1_000, maxBytes: 1e9 } }, () => undefined);
  for (const item of list) consumer.deliver(item);
  return consumer;
}

describe('sending a hub consumer over WebRTC', () => {
  let baseline: Buffer;
  let bframes: Buffer;
  let hevc: Buffer;
  beforeAll(async () => {
    [baseline, bframes, hevc] = await Promise.all([
      generateFmp4({ seconds: 2, fps: 10, gop: 2, audio: false }),
      generateFmp4({ seconds: 2, fps: 10, gop: 2, audio: false, bframes: 2 }),
      generateFmp4({ seconds: 1, fps: 10, gop: 1, audio: false, video: 'hevc' }),
    ]);
  });

  it('sends the buffered backlog 1 ms apart, then live frames at the camera pace', async () => {
    const now = 1_000_000;
    const list = items(baseline, now, (i) => (i < 5 ? 2_000 : 0)); // 5 old fragments, the rest just arrived
    const consumer = feed(list);
    const sink = new RecordingSink();
    const result = sendVideo({ consumer, sink, clock: new RtpClock(0), isCurrent: () => true, transcoding: () => false, now: () => now });
    await expect.poll(() => sink.sent.length).toBe(20);
    consumer.close();
    expect(await result).toBe('ended');
    const steps = sink.sent.slice(1).map((s, i) => s.timestamp - sink.sent[i]!.timestamp);
    expect(steps.filter((d) => d === 90).length).toBeGreaterThanOrEqual(4);
    expect(steps.filter((d) => d === 9_000).length).toBeGreaterThanOrEqual(10); // 0.1 s at 90 kHz
    expect(steps.every((d) => d === 90 || d >= 9_000)).toBe(true);
  });

  it('stops with B_FRAMES at the first reordered frame and with CODEC (H.265, transcoded) before sending anything', async () => {
    const now = Date.now();
    for (const [bytes, transcoding, expected] of [[bframes, false, 'B_FRAMES'], [hevc, false, 'CODEC'], [baseline, true, 'CODEC']] as const) {
      const sink = new RecordingSink();
      const result = await sendVideo({ consumer: feed(items(bytes, now, () => 0)), sink, clock: new RtpClock(), isCurrent: () => true, transcoding: () => transcoding });
      expect(result).toBe(expected);
      // x264 opens with I and P frames; the first reordered pair comes in the second 200 ms fragment at the latest
      expect(sink.sent.length).toBeLessThanOrEqual(expected === 'B_FRAMES' ? 2 : 0);
    }
  });

  it('gives up as `closed` when the peer never connects', async () => {
    const sink = new RecordingSink();
    sink.whenConnected = () => Promise.resolve(false);
    const result = await sendVideo({ consumer: feed(items(baseline, Date.now(), () => 0)), sink, clock: new RtpClock(), isCurrent: () => true, transcoding: () => false });
    expect(result).toBe('closed');
  });
});
