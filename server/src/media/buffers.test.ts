import { describe, expect, it } from 'vitest';
import { Consumer } from './consumer.js';
import { ConsumerQueue } from './consumer-queue.js';
import { GopBuffer } from './gop-buffer.js';
import type { InitSegment, MediaFragment } from './types.js';

let clock = 0;
/** A synthetic fragment: `K` = keyframe, `p` = not; 0.2 s and `bytes` long; receivedAt advances 200 ms. */
function frag(kind: 'K' | 'p', bytes = 100, tag = ''): MediaFragment {
  clock += 200;
  // arrives when it ends: media time and wall clock advance together
  return { type: 'fragment', data: Buffer.alloc(bytes, tag), keyframe: kind === 'K', timestamp: (clock - 200) / 1000, duration: 0.2, receivedAt: clock };
}
const init = (): InitSegment => ({
  type: 'init', data: Buffer.from('init'), codecs: 'avc1.42C01F', mimeType: 'video/mp4; codecs="avc1.42C01F"', info: { tracks: [], codecs: '', mimeType: '' },
});
const pattern = (items: (MediaFragment | InitSegment | undefined)[]) =>
  items.map((i) => (i === undefined ? '-' : i.type === 'init' ? 'I' : i.keyframe ? 'K' : 'p')).join('');

function drain(queue: ConsumerQueue): (MediaFragment | InitSegment)[] {
  const out = [];
  for (let item = queue.shift(); item; item = queue.shift()) out.push(item);
  return out;
}

describe('ConsumerQueue', () => {
  it('starts at the first keyframe after the init segment (earlier fragments are skipped, not dropped)', () => {
    const q = new ConsumerQueue();
    for (const item of [init(), frag('p'), frag('p'), frag('K'), frag('p')]) q.push(item);
    expect(pattern(drain(q))).toBe('IKp');
    expect(q.stats).toMatchObject({ delivered: 3, dropped: 0, skipped: 2 });
  });

  it('on overflow drops the queued fragments, counts them, and resumes at the next keyframe', () => {
    const q = new ConsumerQueue({ maxItems: 4 });
    q.push(init());
    for (const kind of ['K', 'p', 'p'] as const) q.push(frag(kind)); // I K p p = 4 items
    expect(q.push(frag('p'))).toBe(false); // overflow: K p p thrown away, this one too
    expect(q.stats).toMatchObject({ dropped: 4, overflows: 1, queuedItems: 1 });
    expect(q.push(frag('p'))).toBe(false); // still mid-GOP: dropped until a keyframe
    expect(q.push(frag('K', 100, 'k2'))).toBe(true);
    q.push(frag('p'));
    const out = drain(q);
    expect(pattern(out)).toBe('IKp'); // the init segment survives, the decoder never sees a mid-GOP gap
    expect(out[1]?.data.toString()).toContain('k2');
    expect(q.stats).toMatchObject({ dropped: 5, skipped: 0 });
  });

  it('bounds bytes and media seconds, but always accepts one fragment', () => {
    const byBytes = new ConsumerQueue({ maxBytes: 250 });
    byBytes.push(frag('K', 1000)); // larger than the bound, but alone
    expect(byBytes.stats.queuedBytes).toBe(1000);
    expect(byBytes.push(frag('p'))).toBe(false);

    const bySeconds = new ConsumerQueue({ maxSeconds: 0.5 });
    expect([frag('K'), frag('p'), frag('p')].map((f) => bySeconds.push(f))).toEqual([true, true, false]);
  });

  it('an overflowing keyframe replaces the stale queue right away', () => {
    const q = new ConsumerQueue({ maxItems: 3 });
    for (const kind of ['K', 'p', 'p'] as const) q.push(frag(kind));
    expect(q.push(frag('K', 10, 'new'))).toBe(true);
    const out = drain(q);
    expect(out).toHaveLength(1);
    expect(out[0]?.data.toString()).toBe('new'.repeat(4).slice(0, 10));
    expect(q.stats.dropped).toBe(3);
  });

  it('a new init segment makes the consumer wait for a keyframe again', () => {
    const q = new ConsumerQueue();
    for (const item of [init(), frag('K'), frag('p'), init(), frag('p'), frag('K')]) q.push(item);
    expect(pattern(drain(q))).toBe('IKpIK');
  });
});

describe('Consumer', () => {
  it('read() waits for data, hands items over in order and resolves null on close', async () => {
    const closed: number[] = [];
    const consumer = new Consumer('cam', 'main', { kind: 'viewer' }, (c) => closed.push(c.id));
    const pending = consumer.read();
    consumer.deliver(init());
    expect((await pending)?.type).toBe('init');
    consumer.deliver(frag('K'));
    consumer.deliver(frag('p'));
    const seen: string[] = [];
    const reader = (async () => {
      for await (const item of consumer) seen.push(item.type === 'fragment' && item.keyframe ? 'K' : 'p');
    })();
    await new Promise((r) => setImmediate(r));
    consumer.close();
    await reader;
    expect(seen).toEqual(['K', 'p']);
    expect(closed).toEqual([consumer.id]);
    expect(await consumer.read()).toBeNull();
  });
});

describe('GopBuffer', () => {
  it('keeps whole GOPs covering at least maxSeconds, at most one GOP more', () => {
    const buffer = new GopBuffer({ maxSeconds: 1.5 });
    for (const kind of 'Kpppp' + 'Kpppp' + 'Kpp') buffer.push(frag(kind as 'K' | 'p'));
    expect(buffer.stats).toMatchObject({ gops: 2, fragments: 8 });
    expect(buffer.stats.seconds).toBeCloseTo(1.6, 5);
    expect(pattern(buffer.latestGop())).toBe('Kpp');
    for (const kind of 'pp' + 'Kp') buffer.push(frag(kind as 'K' | 'p'));
    // dropping the oldest GOP would leave 1.0 + 0.4 s < 1.5 s: all three stay
    expect(buffer.stats).toMatchObject({ gops: 3, fragments: 12 });
    buffer.push(frag('p'));
    expect(buffer.stats).toMatchObject({ gops: 2, fragments: 8 }); // 1.0 + 0.6 s covers it
  });

  it('ignores fragments before the first keyframe', () => {
    const buffer = new GopBuffer();
    buffer.push(frag('p'));
    expect(buffer.latestKeyframe()).toBeUndefined();
    buffer.push(frag('K'));
    expect(buffer.stats.fragments).toBe(1);
  });

  it('never exceeds the byte bound: an oversized GOP is dropped until the next keyframe', () => {
    const buffer = new GopBuffer({ maxBytes: 450 });
    for (const kind of 'KppKpp') buffer.push(frag(kind as 'K' | 'p', 100));
    expect(buffer.stats).toMatchObject({ gops: 1, bytes: 300 });
    buffer.push(frag('p', 100));
    buffer.push(frag('p', 100)); // the one GOP would be 500 bytes
    expect(buffer.stats).toMatchObject({ gops: 0, bytes: 0 });
    buffer.push(frag('p', 100));
    expect(buffer.stats.fragments).toBe(0);
    buffer.push(frag('K', 100));
    expect(buffer.stats).toMatchObject({ gops: 1, bytes: 100 });
  });

  it('returns fragments since a wall-clock time, starting at a keyframe', () => {
    clock = 0;
    const buffer = new GopBuffer({ maxSeconds: 100 });
    const all = 'KpppKpppKppp'.split('').map((k) => frag(k as 'K' | 'p'));
    all.forEach((f) => buffer.push(f));
    const startOf = (i: number) => all[i]!.receivedAt - 200;
    expect(buffer.since(startOf(6))).toEqual(all.slice(4)); // keyframe at or before that time
    expect(buffer.since(startOf(4))).toEqual(all.slice(4));
    expect(buffer.since(startOf(4) - 1)).toEqual(all);
    expect(buffer.since(0)).toEqual(all); // older than the buffer: everything
    expect(buffer.since(clock + 60_000)).toEqual(all.slice(8));
  });

  it('maps wall-clock moments through media time, so a start-up burst does not distort pre-roll', () => {
    clock = 0;
    const buffer = new GopBuffer({ maxSeconds: 100 });
    const all = 'KpppKpppKppp'.split('').map((k) => frag(k as 'K' | 'p'));
    for (const f of all.slice(0, 6)) f.receivedAt = 1_200; // the first 1.2 s arrived at once
    all.forEach((f) => buffer.push(f));
    // 1.4 s back from the live edge (2.4 s) is media time 1.0 s: the GOP that starts at 0.8 s, although that GOP's
    // keyframe only arrived at 1.2 s in the burst
    expect(buffer.since(clock - 1_400)).toEqual(all.slice(4));
    expect(buffer.since(clock - 1_700)).toEqual(all);
  });
});
