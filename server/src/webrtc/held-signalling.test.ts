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

  it('is one holder from the sign-in to the peer: taking the offer leaves the candidates, which drain once, in order', () => {
    const held = new HeldSignalling();
    held.hold({ type: 'webrtc-offer', sdp: 'offer' });
    held.hold(candidate(1));
    held.hold(candidate(2));
    held.offer = null; // answered
    held.hold(candidate(3)); // came while the peer was being made
    expect(held.offer).toBeNull();
    expect(held.drainCandidates().map((c) => c.mid + c.candidate.split(' ')[5])).toEqual(['05001', '05002', '05003']);
    expect(held.drainCandidates()).toEqual([]);
  });
});
