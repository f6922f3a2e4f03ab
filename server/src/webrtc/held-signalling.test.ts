import { describe, expect, it } from 'vitest';
import { HeldSignalling, MAX_HELD_CANDIDATES } from './held-signalling.js';

const candidate = (n: number) => ({ type: 'webrtc-candidate' as const, candidate: `candidate:${n} 1 udp 1 127.0.0.1 ${5000 + n} typ host`, mid: '0' });

describe('the offer and candidates held until the server can answer', () => {
  it('keeps the latest offer and the candidates in order, and nothing else', () => {
    const held = new HeldSignalling();
    expect(held.hold({ type: 'webrtc-offer', sdp: 'first' })).toBe(true);
    expect(held.hold(candidate(1))).toBe(true);
    expect(held.hold({ type: 'webrtc-offer', sdp: 'second' })).toBe(true);
    expect(held.hold(candidate(2))).toBe(true);
    expect(held.hold({ type: 'pause' })).toBe(false);
    expect(held.offer).toBe('second');
    expect(held.drainCandidates().map((c) => c.candidate)).toEqual([candidate(1).candidate, candidate(2).candidate]);
    expect(held.drainCandidates()).toEqual([]);
  });

  it('holds at most MAX_HELD_CANDIDATES: a page cannot make the server keep an unbounded list', () => {
    const held = new HeldSignalling();
    for (let n = 0; n < MAX_HELD_CANDIDATES + 10; n += 1) expect(held.hold(candidate(n))).toBe(true);
    expect(held.drainCandidates()).toHaveLength(MAX_HELD_CANDIDATES);
  });

  it('takes over what the session held during sign-in, which then holds nothing', () => {
    const session = new HeldSignalling();
    session.hold({ type: 'webrtc-offer', sdp: 'offer' });
    session.hold(candidate(1));
    const webrtc = new HeldSignalling();
    webrtc.hold(candidate(2));
    webrtc.takeFrom(session);
    expect(webrtc.offer).toBe('offer');
    expect(webrtc.drainCandidates().map((c) => c.mid + c.candidate.split(' ')[5])).toEqual(['05002', '05001']);
    expect(session.offer).toBeNull();
    expect(session.drainCandidates()).toEqual([]);
  });
});
