import { describe, expect, it } from 'vitest';
import { Consumer } from './consumer.js';
import { StreamFanout } from './stream-fanout.js';
import type { InitSegment, MediaFragment } from './types.js';

const init: InitSegment = {
  type: 'init', data: Buffer.from('init'), codecs: 'avc1.42C01F', mimeType: 'video/mp4; codecs="avc1.42C01F"', info: { tracks: [], codecs: '', mimeType: '' },
};
const frag = (keyframe: boolean, bytes: number): MediaFragment => ({
  type: 'fragment', data: Buffer.alloc(bytes), keyframe, timestamp: 0, duration: 0.2, receivedAt: 0,
});

describe('StreamFanout totals (the Utilization table)', () => {
  it('counts what viewers read and what every consumer dropped, and keeps the totals when they leave', () => {
    const fanout = new StreamFanout({});
    const attach = (kind: string, maxItems?: number) => {
      const consumer = new Consumer('cam', 'main', { kind, queue: maxItems ? { maxItems } : undefined }, (c) => fanout.delete(c));
      fanout.add(consumer);
      return consumer;
    };
    const viewer = attach('viewer');
    const recorder = attach('recorder');
    const slow = attach('motion', 2); // never reads: overflows
    fanout.setInit(init);
    for (const item of [frag(true, 100), frag(false, 50), frag(false, 50)]) fanout.push(item);
    for (let item = viewer.tryRead(); item; item = viewer.tryRead()) void item;
    for (let item = recorder.tryRead(); item; item = recorder.tryRead()) void item;
    expect(fanout.totals()).toEqual({ viewerBytesOut: 4 + 200, droppedTotal: slow.stats.dropped });
    expect(slow.stats.dropped).toBeGreaterThan(0);
    const dropped = slow.stats.dropped;
    viewer.close();
    slow.close();
    expect(fanout.size).toBe(1);
    expect(fanout.totals()).toEqual({ viewerBytesOut: 204, droppedTotal: dropped });
  });
});
