import { describe, expect, it } from 'vitest';
import { resolveBind, type InterfaceTable } from './bind.js';

const entry = (address: string, family: 'IPv4' | 'IPv6') => ({ address, family, netmask: '', mac: '00:00:00:00:00:00', internal: false, cidr: null }) as never;
const TABLE: InterfaceTable = {
  lo: [entry('127.0.0.1', 'IPv4'), entry('::1', 'IPv6')],
  eth0: [entry('192.168.1.20', 'IPv4'), entry('fe80::1', 'IPv6')],
};

describe('homekit.bind', () => {
  it('means all interfaces when absent or empty', () => {
    expect(resolveBind(undefined, TABLE)).toBeUndefined();
    expect(resolveBind([], TABLE)).toBeUndefined();
  });

  it('accepts interface names, their addresses and the unspecified addresses', () => {
    expect(resolveBind(['lo'], TABLE)).toEqual(['lo']);
    expect(resolveBind(['eth0', '127.0.0.1', '127.0.0.1'], TABLE)).toEqual(['eth0', '127.0.0.1']);
    expect(resolveBind(['FE80::1', '0.0.0.0', '::'], TABLE)).toEqual(['FE80::1', '0.0.0.0', '::']);
  });

  it('refuses names and addresses this machine does not have, naming them', () => {
    expect(() => resolveBind(['wlan0'], TABLE)).toThrow("homekit.bind: 'wlan0' is neither a network interface nor an address of this machine (interfaces: lo, eth0)");
    expect(() => resolveBind(['lo', '10.0.0.9'], TABLE)).toThrow("'10.0.0.9'");
    expect(() => resolveBind(['eth0; rm -rf /'], TABLE)).toThrow('is neither');
  });
});
