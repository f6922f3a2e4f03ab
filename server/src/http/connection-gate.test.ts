import { describe, expect, it } from 'vitest';
import { ConnectionGate, connectionCapFor, gateOptions } from './connection-gate.js';

describe('ConnectionGate (D1)', () => {
  it('caps the total and each address, and a released connection frees its place', () => {
    const gate = new ConnectionGate({ maxConnections: 4, maxPerAddress: 2, reserve: 0, pressurePerAddress: 8 });
    expect([gate.admit('a'), gate.admit('a'), gate.admit('a')]).toEqual([true, true, false]);
    expect([gate.admit('b'), gate.admit('b'), gate.admit('c')]).toEqual([true, true, false]);
    gate.release('a');
    expect(gate.admit('c')).toBe(true);
    expect(gate.open).toBe(4);
  });

  it('the slowloris of the probe: 1,100 partial heads from 10 addresses against a 1024-fd process', () => {
    const gate = new ConnectionGate(gateOptions(connectionCapFor(1024), 128));
    const held = new Map<string, number>();
    for (let round = 0; round < 110; round++) {
      for (let host = 2; host <= 11; host++) {
        const address = `127.0.7.${host}`;
        if (gate.admit(address)) held.set(address, (held.get(address) ?? 0) + 1);
      }
    }
    // The attackers fill the server up to its reserve, never to the file limit...
    expect(gate.open).toBe(384);
    expect(Math.max(...held.values())).toBeLessThan(128);
    expect(gate.admit('127.0.7.2')).toBe(false);
    // ...and the reserve is there for everyone else: real clients get in, up to 8 connections each.
    for (let i = 0; i < 8; i++) expect(gate.admit('192.168.1.20')).toBe(true);
    expect(gate.admit('192.168.1.20')).toBe(false);
    expect(gate.admit('192.168.1.21')).toBe(true);
    expect(gate.open).toBeLessThanOrEqual(connectionCapFor(1024));
  });

  it('many light addresses can fill the reserve too, but never past the global cap', () => {
    const gate = new ConnectionGate(gateOptions(64, 128));
    let admitted = 0;
    for (let host = 0; host < 200; host++) if (gate.admit(`10.0.${host >> 8}.${host & 255}`)) admitted += 1;
    expect(admitted).toBe(64);
    expect(gate.admit('10.9.9.9')).toBe(false);
  });

  it('behind a proxy only the global cap applies (every connection has the proxy\'s address)', () => {
    const gate = new ConnectionGate(gateOptions(100, 0));
    for (let i = 0; i < 100; i++) expect(gate.admit('127.0.0.1')).toBe(true);
    expect(gate.admit('127.0.0.1')).toBe(false);
  });

  it('derives the cap from the open-files limit: half of it, within 64..16384', () => {
    expect(connectionCapFor(1024)).toBe(512);
    expect(connectionCapFor(100)).toBe(64);
    expect(connectionCapFor(524_288)).toBe(16_384);
  });
});
