import { describe, expect, it } from 'vitest';
import { parseCameraSource } from './api/camera-source.js';
import { embeddedIpv4, formatIpv4, hostReach, parseIpv4Literal, parseIpv6Literal } from './ip-literal.js';

/** Link-local and cloud metadata, in the spellings getaddrinfo (ffmpeg) and inet_pton accept (F4). */
const METADATA_HOSTS = [
  '169.254.169.254', '169.254.0.1', '2852039166', '0xa9fea9fe', '0251.0376.0251.0376', '169.254.43518', '169.16689662',
  '[fe80::1]', '[FE80::a:b%25eth0]', '[febf::1]', '[fd00:ec2::254]', '[::ffff:169.254.169.254]', '[::ffff:a9fe:a9fe]',
  '[::169.254.169.254]', '[::ffff:0:169.254.169.254]', '[64:ff9b::169.254.169.254]', '[64:ff9b:1::a9fe:a9fe]',
  '[2002:a9fe:a9fe::1]', '100.100.100.200', 'metadata.google.internal', 'METADATA.Google.Internal.', 'metadata.goog',
  'instance-data', 'instance-data.ec2.internal',
];
/** This machine: loopback, the unspecified address (a connect to it lands here) and the localhost names. */
const LOOPBACK_HOSTS = [
  '127.0.0.1', '127.1', '127.255.255.254', '2130706433', '0x7f000001', '0x7f.1', '0177.0.0.1', '0', '0.0.0.0', '0.1.2.3',
  '[::1]', '[::]', '[0:0:0:0:0:0:0:1]', '[::ffff:127.0.0.1]', '[::ffff:7f00:1]', '[::127.0.0.1]', '[::ffff:0:127.0.0.1]',
  '[64:ff9b::127.0.0.1]', '[2002:7f00:1::]', 'localhost', 'LOCALHOST.', 'cam.localhost', 'localhost.localdomain',
  'ip6-localhost', 'ip6-loopback',
];
/** Cameras: the LAN, unique-local IPv6, Tailscale's range, names. */
const CAMERA_HOSTS = [
  '192.168.1.20', '10.0.0.5', '172.16.0.9', '100.64.1.2', '8.8.8.8', '[fd12:3456::5]', '[2001:db8::1]', 'camera.local',
  'cam-1.lan', '3232235796', '169.254.cam', '[::ffff:192.168.1.20]', '[2002:c0a8:114::]',
];

describe('IP literals as getaddrinfo reads them', () => {
  it('parses every inet_aton spelling of IPv4', () => {
    for (const [text, address] of [['127.0.0.1', '127.0.0.1'], ['127.1', '127.0.0.1'], ['2130706433', '127.0.0.1'], ['0x7f000001', '127.0.0.1'], ['0177.0.0.01', '127.0.0.1'], ['10.258', '10.0.1.2'], ['0x', '0.0.0.0']] as const) {
      const value = parseIpv4Literal(text);
      expect(value === null ? null : formatIpv4(value), text).toBe(address);
    }
    for (const text of ['256.0.0.1', '1.2.3.4.5', '08.1.1.1', '0x1g', '', 'cam', '1..2', '4294967296', '1.2.65536']) expect(parseIpv4Literal(text), text).toBeNull();
  });

  it('parses IPv6 with compression, zones and IPv4 tails, and finds the embedded IPv4', () => {
    expect(parseIpv6Literal('[::ffff:1.2.3.4]')).toEqual([0, 0, 0, 0, 0, 0xffff, 0x102, 0x304]);
    expect(parseIpv6Literal('fe80::1%eth0')).toEqual([0xfe80, 0, 0, 0, 0, 0, 0, 1]);
    expect(parseIpv6Literal('1:2:3:4:5:6:7:8')).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    for (const text of ['1:2:3', ':::', '1::2::3', '::1.2.3', '::ffff:1.2.3.256', '12345::', '1:2:3:4:5:6:7:8:9', 'cam']) expect(parseIpv6Literal(text), text).toBeNull();
    const embedded = (text: string) => {
      const words = parseIpv6Literal(text);
      const value = words ? embeddedIpv4(words) : null;
      return value === null ? null : formatIpv4(value);
    };
    expect(embedded('::ffff:10.0.0.1')).toBe('10.0.0.1');
    expect(embedded('::10.0.0.1')).toBe('10.0.0.1');
    expect(embedded('::ffff:0:10.0.0.1')).toBe('10.0.0.1');
    expect(embedded('64:ff9b::10.0.0.1')).toBe('10.0.0.1');
    expect(embedded('2002:0a00:0001::')).toBe('10.0.0.1');
    expect(embedded('::1')).toBeNull();
    expect(embedded('2001:db8::1')).toBeNull();
  });
});

describe('where a camera source host leads (F4)', () => {
  it('knows link-local and metadata, loopback, and everything else apart', () => {
    for (const host of METADATA_HOSTS) expect(hostReach(host), host).toBe('metadata');
    for (const host of LOOPBACK_HOSTS) expect(hostReach(host), host).toBe('loopback');
    for (const host of CAMERA_HOSTS) expect(hostReach(host), host).toBeNull();
  });

  it('the source grammar refuses link-local and metadata hosts in every field form; loopback and the LAN parse', () => {
    for (const host of METADATA_HOSTS) {
      for (const source of [`http://${host}/latest/meta-data/`, `rtsp://user:p@ss@${host}:554/x`, `-rtsp_transport tcp -i rtsp://${host}/x`]) {
        expect(() => parseCameraSource(source), source).toThrow(/link-local or a cloud metadata address/);
      }
    }
    for (const host of [...LOOPBACK_HOSTS, ...CAMERA_HOSTS]) expect(parseCameraSource(`rtsp://${host}:554/x`).kind, host).toBe('url');
    expect(parseCameraSource('demo:').kind).toBe('demo');
  });
});
