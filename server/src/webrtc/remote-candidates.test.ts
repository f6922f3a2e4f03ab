import { describe, expect, it } from 'vitest';
import { candidateAddress, keepUsableCandidates, ownAddresses, usableCandidate } from './remote-candidates.js';

/** Chromium's host candidates on a machine with a LAN address, loopback (allowed) and IPv6 (as in the bench). */
const LAN = 'candidate:1 1 udp 2122260223 192.0.2.2 35987 typ host generation 0 ufrag icvG network-id 1';
const LOOPBACK = 'candidate:2 1 udp 2122194687 127.0.0.1 35988 typ host generation 0 ufrag icvG network-id 2';
const IPV6 = 'candidate:3 1 udp 2122129151 fd00::2 50039 typ host generation 0 ufrag icvG network-id 3';
const MDNS = 'candidate:4 1 udp 2122260223 0b1f6c9e-1d2a-4f7e-9b1c-3a5d7e9f1b2c.local 54321 typ host generation 0';
/** This machine, as far as these tests are concerned: the browser's LAN address is not one of ours. */
const ELSEWHERE = () => new Set(['127.0.0.1', '::1', '192.0.2.99']);
/** The browser runs on this machine: its LAN address is ours. */
const HERE = () => new Set(['127.0.0.1', '::1', '192.0.2.2', 'fd00::2']);
const usable = (line: string, bind: string | undefined, own = ELSEWHERE) => usableCandidate(line, bind, own) !== null;

describe('the browser candidates our ICE socket can use', () => {
  it('reads the connection address of a candidate line, with or without a=', () => {
    expect(candidateAddress(LAN)).toBe('192.0.2.2');
    expect(candidateAddress(`a=${IPV6}`)).toBe('fd00::2');
    expect(candidateAddress('a=mid:0')).toBeNull();
    expect(candidateAddress('candidate:1 1 udp')).toBeNull();
  });

  it('keeps every candidate for the wildcard socket (no bind address): it may reach any of them', () => {
    for (const bind of [undefined, '0.0.0.0', '::']) for (const line of [LAN, LOOPBACK, IPV6, MDNS]) expect(usableCandidate(line, bind, HERE)).toBe(line);
  });

  it('drops the other address family: libjuice fails its send (EAFNOSUPPORT) and loses a 50 ms pacing slot', () => {
    expect(usable(IPV6, '192.0.2.7')).toBe(false);
    expect(usableCandidate(LAN, '192.0.2.7', HERE)).toBe(LAN);
    expect(usable(LAN, 'fd00::7')).toBe(false);
    expect(usableCandidate(IPV6, 'fd00::7', HERE)).toBe(IPV6);
  });

  it('keeps only loopback for a loopback socket: another machine cannot be reached from it', () => {
    expect(usable(LAN, '127.0.0.1')).toBe(false);
    expect(usableCandidate(LOOPBACK, '127.0.0.1')).toBe(LOOPBACK);
    expect(usable(IPV6, '::1')).toBe(false);
    expect(usable('candidate:5 1 udp 1 ::1 5000 typ host', '::1')).toBe(true);
  });

  it('moves a same-machine browser candidate to loopback with its port: checked at its LAN address, it answers from loopback', () => {
    expect(usableCandidate(LAN, '127.0.0.1', HERE)).toBe('candidate:1 1 udp 2122260223 127.0.0.1 35987 typ host generation 0 ufrag icvG network-id 1');
    expect(usableCandidate(`a=${IPV6}`, '::1', HERE)).toBe('a=candidate:3 1 udp 2122129151 ::1 50039 typ host generation 0 ufrag icvG network-id 3');
    expect(usableCandidate(IPV6, '127.0.0.1', HERE)).toBeNull();
  });

  it('knows this machine by its interfaces, loopback among them', () => {
    expect(ownAddresses().has('127.0.0.1')).toBe(true);
  });

  it('leaves names (mDNS) and other lines to libjuice', () => {
    expect(usableCandidate(MDNS, '127.0.0.1')).toBe(MDNS);
    expect(usableCandidate('a=end-of-candidates', '127.0.0.1')).toBe('a=end-of-candidates');
  });

  it('takes the unusable candidate lines out of an offer and keeps every other line and its line ends', () => {
    const offer = ['v=0', 'm=video 9 UDP/TLS/RTP/SAVPF 106', `a=${LAN}`, `a=${LOOPBACK}`, `a=${IPV6}`, 'a=mid:0', ''].join('\r\n');
    expect(keepUsableCandidates(offer, '127.0.0.1', ELSEWHERE)).toBe(['v=0', 'm=video 9 UDP/TLS/RTP/SAVPF 106', `a=${LOOPBACK}`, 'a=mid:0', ''].join('\r\n'));
    expect(keepUsableCandidates(offer, undefined)).toBe(offer);
  });

  it('keeps a candidate moved to loopback once, and repeated lines that are not candidates', () => {
    const twice = `a=${LAN.replace('candidate:1', 'candidate:7')}`;
    const offer = ['m=video 9 UDP/TLS/RTP/SAVPF 106', `a=${LAN}`, twice, 'a=ice-ufrag:x', 'm=audio 9 UDP/TLS/RTP/SAVPF 111', 'a=ice-ufrag:x', ''].join('\r\n');
    const kept = keepUsableCandidates(offer, '127.0.0.1', HERE).split('\r\n');
    expect(kept.filter((line) => line.includes(' 127.0.0.1 35987 '))).toHaveLength(2); // two foundations: two lines
    expect(kept.filter((line) => line === 'a=ice-ufrag:x')).toHaveLength(2);
    const same = keepUsableCandidates([`a=${LAN}`, `a=${LAN}`, ''].join('\r\n'), '127.0.0.1', HERE).split('\r\n');
    expect(same.filter((line) => line.startsWith('a=candidate:'))).toHaveLength(1);
  });
});
